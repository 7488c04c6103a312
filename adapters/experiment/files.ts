import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Write whole or not at all (temp + rename): a kill never leaves half a table behind. Unchanged files are not rewritten. */
export async function writeAtomic(file: string, text: string): Promise<void> {
  if ((await readFile(file, 'utf8').catch(() => null)) === text) return;
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}
