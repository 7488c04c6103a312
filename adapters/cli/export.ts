import { openEmbeddedStore } from '../store/embedded.ts';
import { canonicalJson } from '../../sim/lib/canonical.ts';
import { EXPORT_OPTIONS, ExportArgs, parse } from './args.ts';
import { stat } from 'node:fs/promises';
import { UsageError } from './args.ts';

/** `astinus export <data-dir>`: committed events as canonical JSON lines, for `cmp` and for analysis. */
export async function exportCommand(argv: string[]): Promise<number> {
  const args = parse(argv, EXPORT_OPTIONS, ['data'], ExportArgs);
  const info = await stat(`${args.data}/events.log`).catch(() => null);
  if (!info) throw new UsageError([{ key: 'cli.error.no_data', params: { dir: args.data } }]);
  const store = await openEmbeddedStore(args.data);
  let buf = '';
  try {
    for await (const e of store.readEvents(args.from ?? 0, args.to ?? Number.MAX_SAFE_INTEGER)) {
      buf += canonicalJson(e) + '\n';
      if (buf.length > 1 << 20) {
        await write(buf);
        buf = '';
      }
    }
    await write(buf);
  } finally {
    await store.close();
  }
  return 0;
}

function write(s: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!s) return resolve();
    process.stdout.write(s, (err) => (err ? reject(err) : resolve()));
  });
}
