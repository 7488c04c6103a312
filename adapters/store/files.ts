import * as fsp from 'node:fs/promises';

/** Whether a failed file call failed for this reason (`ENOENT`, `EEXIST`...). */
export function isCode(err: unknown, code: string): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === code;
}

/** A file's text, or null when there is no such file; any other failure is thrown. */
export async function readTextIfExists(path: string): Promise<string | null> {
  try {
    return await fsp.readFile(path, 'utf8');
  } catch (err) {
    if (isCode(err, 'ENOENT')) return null;
    throw err;
  }
}
