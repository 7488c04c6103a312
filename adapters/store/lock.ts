/**
 * The embedded store's writer lock: one file that admits exactly one writer.
 *
 * - The lock is complete the moment it exists: its content is written and fsynced to a temp file,
 *   which is then link()ed to the lock's name (link fails if the name exists). O_EXCL create and
 *   then write would leave a window where a live writer's lock reads as empty.
 * - A lock is taken over only when its holder is provably gone: same host and kill(pid, 0) says
 *   ESRCH, or our own pid with a token no store of this process holds (a pid reused, as in
 *   containers). An empty or unparsable lock is never judged dead by itself: it is refused with an
 *   error that names the file and tells the operator what to do.
 * - Removing a stale lock is read-compare-remove, safe only if nobody else can remove or replace it
 *   in between. So a taker first claims the stale lock's token by creating `<lock>.taken-<digest of
 *   token>` the same way: one process wins. Tokens are never reused, so the winner is the only live
 *   process that may remove that lock; it re-reads, removes it if it still holds that token, drops
 *   its claim and races for the lock with everyone else. A claim whose claimant died is itself a
 *   stale lock, taken over by the same rule one level down.
 */
import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import { hostname as osHostname } from 'node:os';
import { LocalizedError } from '../../sim/i18n/errors.ts';
import { digest } from '../../sim/lib/canonical.ts';
import { WriterConflictError } from '../../sim/ports/store.ts';
import { isCode, readTextIfExists } from './files.ts';

export interface LockInfo {
  pid: number;
  hostname: string;
  token: string;
  started: string;
}

/** Tokens of locks and claims this process holds or is creating: tells "ours" from "a dead process with our pid". */
const heldTokens = new Set<string>();

// How many times the lock may change hands under us, and how deep claims on dead claimants go.
const ATTEMPTS = 50;
const MAX_DEPTH = 3;
const CLAIM_WAIT_MS = 5;

/** Who holds `path`: a live (or foreign) holder, an unreadable file, or null when it kept changing hands. */
interface Refusal {
  path: string;
  holder: LockInfo | 'unreadable' | null;
}

/** Becomes the single writer, or throws WriterConflictError (or LocalizedError for an unreadable lock). */
export async function takeLock(path: string): Promise<LockInfo> {
  const mine: LockInfo = {
    pid: process.pid,
    hostname: osHostname(),
    token: randomBytes(12).toString('hex'),
    started: new Date().toISOString(),
  };
  // before the file exists: another store of this process that reads it must see a live holder
  heldTokens.add(mine.token);
  try {
    const refusal = await acquireFile(path, mine, 0);
    if (!refusal) return mine;
    const { holder } = refusal;
    if (holder === null) throw new WriterConflictError(`lock ${refusal.path} keeps changing hands`);
    if (holder !== 'unreadable') throw new WriterConflictError(`pid ${holder.pid} on ${holder.hostname}, lock ${refusal.path}`);
    const age = await fsp.stat(refusal.path).then(
      (s) => Math.max(0, Math.round((Date.now() - s.mtimeMs) / 1000)),
      () => 0,
    );
    throw new LocalizedError('backends.store.lock_unreadable', { file: refusal.path, seconds: age });
  } catch (err) {
    heldTokens.delete(mine.token);
    throw err;
  }
}

/** Removes our lock, if it is still ours. */
export async function releaseLock(path: string, lock: LockInfo): Promise<void> {
  try {
    const found = await readLock(path);
    if (found && found !== 'unreadable' && found.token === lock.token) await fsp.rm(path, { force: true });
  } finally {
    // only now: until the file is gone, a store of ours must not see it as a dead process's
    heldTokens.delete(lock.token);
  }
}

/** null when `path` is ours now; otherwise who holds it. */
async function acquireFile(path: string, mine: LockInfo, depth: number): Promise<Refusal | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await createComplete(path, mine)) return null;
    const found = await readLock(path);
    if (found === null) continue; // released meanwhile
    if (found === 'unreadable' || !isGone(found, mine) || depth >= MAX_DEPTH) return { path, holder: found };
    const claim = `${path}.taken-${digest(found.token)}`;
    const refusal = await acquireFile(claim, mine, depth + 1);
    if (refusal) {
      // Another live taker is removing it: let it finish, then see who won.
      if (refusal.holder === 'unreadable') return refusal;
      await new Promise((done) => setTimeout(done, CLAIM_WAIT_MS));
      continue;
    }
    try {
      const again = await readLock(path);
      if (again && again !== 'unreadable' && again.token === found.token) await fsp.rm(path, { force: true });
    } finally {
      await fsp.rm(claim, { force: true });
    }
  }
  return { path, holder: null };
}

/** Creates `path` holding `info`, whole from its first instant; false if it exists. */
async function createComplete(path: string, info: LockInfo): Promise<boolean> {
  const text = JSON.stringify(info) + '\n';
  const tmp = `${path}.new-${info.token}`;
  const fh = await fsp.open(tmp, 'wx');
  try {
    await fh.writeFile(text);
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await fsp.link(tmp, path);
    return true;
  } catch (err) {
    if (isCode(err, 'EEXIST')) return false;
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP'].some((c) => isCode(err, c))) throw err;
    // No hard links on this filesystem: O_EXCL. Its empty instant reads as held, never as dead.
    return createExclusive(path, text);
  } finally {
    await fsp.rm(tmp, { force: true });
  }
}

async function createExclusive(path: string, text: string): Promise<boolean> {
  let fh: fsp.FileHandle;
  try {
    fh = await fsp.open(path, 'wx');
  } catch (err) {
    if (isCode(err, 'EEXIST')) return false;
    throw err;
  }
  try {
    await fh.writeFile(text);
    await fh.sync();
  } finally {
    await fh.close();
  }
  return true;
}

async function readLock(path: string): Promise<LockInfo | 'unreadable' | null> {
  const text = await readTextIfExists(path);
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as Partial<LockInfo>;
    if (Number.isSafeInteger(v.pid) && v.pid! > 0 && typeof v.hostname === 'string' && typeof v.token === 'string' && v.token)
      return v as LockInfo;
  } catch {
    // fall through
  }
  return 'unreadable';
}

/** Provably gone: on this host, and no such process (or our pid, but a token we do not hold). */
function isGone(holder: LockInfo, mine: LockInfo): boolean {
  if (holder.hostname !== mine.hostname) return false;
  if (holder.pid === process.pid) return !heldTokens.has(holder.token);
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (err) {
    // EPERM: it exists, it is just not ours to signal
    return isCode(err, 'ESRCH');
  }
}
