import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { translator } from '../../sim/i18n/translator.ts';
import { PanelWriter } from '../../sim/metrics/panel.ts';
import { PANEL_OPTIONS, PanelArgs, parse } from './args.ts';
import { foldShown } from './metrics.ts';

/**
 * `astinus panel <data-dir> [--out FILE]` (one row per person per tick) and `astinus edges <data-dir>
 * [--out FILE]` (one row per feeling changed): the metrics fold's state read per person, as CSV
 * (README, "Exports for analysis"). Defaults: `<data-dir>/panel.csv`, `<data-dir>/edges.csv`.
 */
export const panelCommand = (argv: string[]) => exportRows(argv, 'panel');
export const edgesCommand = (argv: string[]) => exportRows(argv, 'edges');

async function exportRows(argv: string[], what: 'panel' | 'edges'): Promise<number> {
  const args = parse(argv, PANEL_OPTIONS, ['data'], PanelArgs);
  const t = translator(args.lang);
  const out = args.out ?? path.join(args.data, `${what}.csv`);
  // written whole or not at all: a temp file beside the target, flushed, then renamed over it;
  // opened once the world and its pack are found, so a wrong folder leaves nothing behind
  const tmp = `${out}.${process.pid}.tmp`;
  let fd: number | null = null;
  let buf = '';
  const sink = (csv: string) => {
    buf += csv;
    if (buf.length > 1 << 20) {
      writeSync(fd!, buf);
      buf = '';
    }
  };
  let writer: PanelWriter | null = null;
  let rows = 0;
  try {
    const fold = await foldShown(args.data, args.scenario, t, {
      onFold: (f) => {
        fd = openSync(tmp, 'w');
        writer = what === 'panel' ? new PanelWriter(sink, null) : new PanelWriter(null, sink);
        writer.start(f.current());
      },
      onEvent: (e) => writer!.event(e),
      onTick: (tick, f) => writer!.tick(tick, f.current()),
    });
    rows = fold.rows().length;
    if (fd === null) throw new Error('the fold never started');
    writeSync(fd, buf);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(tmp, out);
  } catch (err) {
    if (fd !== null) {
      closeSync(fd);
      rmSync(tmp, { force: true });
    }
    throw err;
  }
  process.stdout.write(t(`cli.${what}.done`, { ticks: rows, file: out }) + '\n');
  return 0;
}
