/**
 * The embedded store: one world in one local directory, no server.
 *
 *   meta.json                   StoreMeta, written once (temp file + rename)
 *   events.log                  one line per committed tick (logrecord.ts):
 *                               {"tick":N,"sum":"<checksum of the base64>","br":"<base64 of brotli(events JSON)>"}\n
 *                               or, written before the log was compressed and still read,
 *                               {"tick":N,"sum":"<checksum of the events JSON>","events":[...]}\n
 *   snapshots/<tick:10>.json    {"tick":N,"sum":"<checksum of the state JSON>","state":...} (snapshot.ts),
 *                               temp file + fsync + rename; newest few kept
 *   writer.lock                 {pid, hostname, token, started} of the single writer (lock.ts)
 *   messages.log, memory.log    players' session records, one line each (records.ts); not world
 *                               state, so a damaged line there is skipped and reported, never fatal
 *
 * Why this shape:
 * - A tick is one line written by one append and then fsynced, so a crash leaves either the whole
 *   tick or a torn last line, never half a tick that parses. The checksum catches a last line that
 *   is complete but damaged (e.g. zero-filled blocks after a power cut).
 * - A torn or damaged LAST line can only be a write that never finished (and never returned
 *   'committed'), so it is dropped: the writer truncates it away on acquire, a reader ignores it.
 *   A bad line with good lines after it cannot come from a crash; that is real corruption and is
 *   an error naming the file and line, never skipped: skipping it would silently fork history.
 * - Ticks start at 0 and are consecutive, so line n holds tick n - 1 and gaps are detectable.
 * - One writer per world, leased through writer.lock (lock.ts: complete on creation, taken over
 *   atomically once its process is provably dead), so a crashed run resumes without manual
 *   cleanup; readers (export while a run is live) never take the lock.
 * - The writer keeps the log handle open and knows lastTick and every line's offset in memory, so
 *   a commit is serialize + compress (in the thread pool) + hash + append + fdatasync, and reads
 *   can seek straight to a tick.
 * - Lines are compressed one tick at a time, each line on its own (logrecord.ts says why brotli in
 *   base64 rather than binary frames): a tick is still one self-contained line, so everything
 *   above holds unchanged, and the format is told line by line, so old logs need no conversion.
 */
import { createReadStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Event } from '../../sim/model/events.ts';
import { decodeEvents, encodeLine, parseLine, type LogFormat } from './logrecord.ts';
import { releaseLock, takeLock, type LockInfo } from './lock.ts';
import { decodeSnapshot, encodeSnapshot, processWarnings, type StoreLog } from './snapshot.ts';
import { isCode, readTextIfExists } from './files.ts';
import { RecordFile } from './records.ts';
import { RECORD_KINDS, type NewRecord, type RecordKind, type RecordKinds, type RecordPage } from '../../sim/model/records.ts';
import { StoreGapError, type LoadedWorld, type Snapshot, type Store, type StoreMeta, type TickRecord } from '../../sim/ports/store.ts';

/** The log (or meta.json) is damaged somewhere a crash cannot explain. */
export class StoreCorruptError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    reason: string,
  ) {
    super(`${file}${line === null ? '' : `: line ${line}`}: ${reason}`);
    this.name = 'StoreCorruptError';
  }
}

export interface EmbeddedStoreOptions {
  /** how many snapshots to keep on disk, newest first (default 2, at least 1) */
  snapshotKeep?: number;
  /** where a skipped snapshot is reported (default: process warnings) */
  log?: StoreLog;
  /**
   * how new ticks are written (default 'brotli'); 'json' writes the first, uncompressed format,
   * which tests use to show both formats export the same run identically
   */
  logFormat?: LogFormat;
}

const LOG = 'events.log';
const META = 'meta.json';
const LOCK = 'writer.lock';
const SNAPSHOTS = 'snapshots';
const SNAPSHOT_NAME = /^(\d{10})\.json$/;
const NEWLINE = 0x0a;

export async function openEmbeddedStore(dir: string, opts: EmbeddedStoreOptions = {}): Promise<Store> {
  const keep = opts.snapshotKeep ?? 2;
  if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`snapshotKeep must be an integer >= 1, got ${keep}`);
  const format = opts.logFormat ?? 'brotli';
  if (format !== 'brotli' && format !== 'json') throw new RangeError(`logFormat must be 'brotli' or 'json', got ${String(format)}`);
  return new EmbeddedStore(dir, keep, opts.log ?? processWarnings, format);
}

interface Line {
  tick: number;
  start: number;
  end: number;
  format: LogFormat;
  payload: Buffer;
}
interface Torn {
  torn: true;
  start: number;
  line: number;
  reason: string;
}

class EmbeddedStore implements Store {
  private readonly logPath: string;
  private readonly snapDir: string;
  /** index[t] = byte offset of tick t's line; verified lines only */
  private index: number[] = [];
  /** byte offset just past the last indexed line */
  private indexedEnd = 0;
  private lock: LockInfo | null = null;
  private log: FileHandle | null = null;
  /** a failed append we could not undo: the log tail is unknown, so no more commits */
  private broken: Error | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** players' session records, a file per kind */
  private readonly records: { [K in RecordKind]: RecordFile<RecordKinds[K]> };

  constructor(
    private readonly dir: string,
    private readonly keep: number,
    private readonly warn: StoreLog,
    private readonly format: LogFormat,
  ) {
    this.logPath = join(dir, LOG);
    this.snapDir = join(dir, SNAPSHOTS);
    this.records = { messages: new RecordFile(join(dir, 'messages.log'), warn), memory: new RecordFile(join(dir, 'memory.log'), warn) };
  }

  async acquire(meta: StoreMeta): Promise<StoreMeta> {
    return this.exclusive(async () => {
      if (this.lock) return (await this.readMeta()) ?? meta;
      await fsp.mkdir(this.snapDir, { recursive: true });
      const lock = await takeLock(join(this.dir, LOCK));
      try {
        let stored = await this.readMeta();
        if (!stored) {
          await writeFileAtomic(join(this.dir, META), JSON.stringify(meta, null, 2) + '\n', this.dir);
          stored = meta;
        }
        await this.openLogForAppend();
        for (const k of RECORD_KINDS) await this.records[k].openForAppend();
        await removeTempFiles(this.snapDir);
        this.lock = lock;
        return stored;
      } catch (err) {
        await this.log?.close().catch(() => {});
        this.log = null;
        for (const k of RECORD_KINDS) await this.records[k].close().catch(() => {});
        await releaseLock(join(this.dir, LOCK), lock);
        throw err;
      }
    });
  }

  async lastTick(): Promise<number> {
    if (!this.lock) {
      // A reader follows a log another process may be appending to: scan only the new part.
      const start = await this.startAt(Infinity);
      for await (const _ of this.scan(start.offset, start.tick));
    }
    return this.index.length - 1;
  }

  async commitTick(tick: number, events: Event[]): Promise<'committed' | 'duplicate'> {
    checkTick(tick);
    return this.exclusive(async () => {
      const log = this.writable();
      const last = this.index.length - 1;
      if (tick <= last) return 'duplicate';
      if (tick !== last + 1) throw new StoreGapError(last + 1, tick);
      // indexed: tens of thousands of events, in an async function V8 may not have optimized yet
      for (let i = 0; i < events.length; i++) {
        const e = events[i];
        if (e.tick !== tick) throw new Error(`commitTick(${tick}): event seq ${e.seq} (${e.type}) has tick ${e.tick}`);
      }
      // parts appended as they are: no second copy of the tick's bytes
      const line = await encodeLine(tick, events, this.format);
      const size = line.reduce((n, b) => n + b.length, 0);
      const start = this.indexedEnd;
      try {
        await writeAll(log, line, size);
        await log.datasync();
      } catch (err) {
        // Leave no partial line behind: a later append after it would turn a torn tail into
        // mid-log corruption.
        try {
          await log.truncate(start);
          await log.datasync();
        } catch {
          this.broken = err as Error;
        }
        throw err;
      }
      this.index.push(start);
      this.indexedEnd = start + size;
      return 'committed';
    });
  }

  async saveSnapshot<S>(tick: number, state: S): Promise<void> {
    checkTick(tick);
    return this.exclusive(async () => {
      this.writable();
      const last = this.index.length - 1;
      if (tick > last) throw new Error(`cannot snapshot tick ${tick}: the last committed tick is ${last}`);
      const name = `${String(tick).padStart(10, '0')}.json`;
      await writeFileAtomic(join(this.snapDir, name), encodeSnapshot(tick, state), this.snapDir);
      const names = await listSnapshots(this.snapDir);
      for (const old of names.slice(this.keep)) await fsp.rm(join(this.snapDir, old.name), { force: true });
    });
  }

  async load<S>(): Promise<LoadedWorld<S>> {
    const meta = await this.readMeta();
    const candidates = await listSnapshots(this.snapDir);
    let ceiling = Infinity;
    for (;;) {
      const snapshot = await newestValidSnapshot<S>(this.snapDir, candidates, ceiling, this.warn);
      const ticks: TickRecord[] = [];
      const from = snapshot ? snapshot.tick + 1 : 0;
      const start = await this.startAt(from);
      let last = start.tick - 1;
      for await (const line of this.scan(start.offset, start.tick)) {
        last = line.tick;
        if (line.tick >= from && !this.beyondCommitted(line.tick)) ticks.push({ tick: line.tick, events: this.parseEvents(line) });
      }
      if (this.lock) last = Math.min(last, this.index.length - 1);
      // A snapshot ahead of the log describes history the log does not have; use an older one.
      if (snapshot && snapshot.tick > last) {
        ceiling = last;
        continue;
      }
      return { meta, snapshot, ticks };
    }
  }

  async *readEvents(from: number, to: number): AsyncIterable<Event> {
    from = Math.max(0, Math.ceil(from));
    if (to < from) return;
    const start = await this.startAt(from);
    for await (const line of this.scan(start.offset, start.tick)) {
      if (line.tick > to || this.beyondCommitted(line.tick)) return;
      if (line.tick >= from) yield* this.parseEvents(line);
    }
  }

  appendRecords<K extends RecordKind>(kind: K, records: NewRecord<K>[]): Promise<RecordKinds[K][]> {
    return this.exclusive(async () => {
      this.writable();
      return (this.records[kind] as RecordFile<RecordKinds[K]>).append(records as Omit<RecordKinds[K], 'n'>[]);
    });
  }

  readRecords<K extends RecordKind>(kind: K, player: string, page: RecordPage): Promise<RecordKinds[K][]> {
    return (this.records[kind] as RecordFile<RecordKinds[K]>).read(player, page);
  }

  async close(): Promise<void> {
    return this.exclusive(async () => {
      const lock = this.lock;
      this.lock = null;
      const log = this.log;
      this.log = null;
      try {
        for (const k of RECORD_KINDS) await this.records[k].close();
        await log?.close();
      } finally {
        if (lock) await releaseLock(join(this.dir, LOCK), lock);
      }
    });
  }

  // --- internals ---

  /** Serializes writer operations, so lastTick checks and appends cannot interleave. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => {});
    return run;
  }

  private writable(): FileHandle {
    if (!this.lock || !this.log) throw new Error(`${this.dir}: not the writer (call acquire first)`);
    if (this.broken) throw new Error(`${this.dir}: an earlier append failed and could not be undone: ${this.broken.message}`);
    return this.log;
  }

  /** The writer's own lines past its committed tick are appends still in flight (or failing). */
  private beyondCommitted(tick: number): boolean {
    return this.lock !== null && tick > this.index.length - 1;
  }

  private async readMeta(): Promise<StoreMeta | null> {
    const file = join(this.dir, META);
    const text = await readTextIfExists(file);
    if (text === null) return null;
    try {
      return JSON.parse(text) as StoreMeta;
    } catch (err) {
      throw new StoreCorruptError(file, null, `not valid JSON (${(err as Error).message})`);
    }
  }

  /** Where to start reading to reach `tick`: its line if indexed, else the end of what is indexed. */
  private async startAt(tick: number): Promise<{ offset: number; tick: number }> {
    if (!this.lock) {
      // A world deleted and recreated under a reader: forget what we knew.
      const size = await fsp.stat(this.logPath).then(
        (s) => s.size,
        () => 0,
      );
      if (size < this.indexedEnd) {
        this.index = [];
        this.indexedEnd = 0;
      }
    }
    if (tick < this.index.length) return { offset: this.index[tick], tick };
    return { offset: this.indexedEnd, tick: this.index.length };
  }

  /** Verified lines from `offset` (where tick `firstTick` starts) on; a torn tail ends it silently. */
  private async *scan(offset: number, firstTick: number): AsyncGenerator<Line> {
    for await (const item of scanLog(this.logPath, offset, firstTick)) {
      if ('torn' in item) return;
      // The writer owns its index (commits extend it); readers learn as they read.
      if (!this.lock && item.tick === this.index.length && item.start === this.indexedEnd) {
        this.index.push(item.start);
        this.indexedEnd = item.end;
      }
      yield item;
    }
  }

  private parseEvents(line: Line): Event[] {
    try {
      return decodeEvents(line);
    } catch (err) {
      throw new StoreCorruptError(this.logPath, line.tick + 1, (err as Error).message);
    }
  }

  /** Full verified scan; drops a torn tail; leaves the log open for appends. */
  private async openLogForAppend(): Promise<void> {
    this.index = [];
    this.indexedEnd = 0;
    let torn: Torn | null = null;
    for await (const item of scanLog(this.logPath, 0, 0)) {
      if ('torn' in item) {
        torn = item;
        break;
      }
      this.index.push(item.start);
      this.indexedEnd = item.end;
    }
    const log = await fsp.open(this.logPath, 'a');
    try {
      if (torn) {
        // O_APPEND writes go to the (new) end, so truncating under an append handle is safe.
        await log.truncate(torn.start);
        await log.sync();
      }
      await syncDir(this.dir);
    } catch (err) {
      await log.close();
      throw err;
    }
    this.log = log;
  }
}

/**
 * Reads the log from `offset` (a line start holding `firstTick`), yielding verified lines. The last
 * line may be torn (yielded as Torn, last); any bad line before it throws StoreCorruptError.
 * Hashes the bytes as read and leaves decoding to the caller, so skipped ticks cost little.
 */
async function* scanLog(file: string, offset: number, firstTick: number): AsyncGenerator<Line | Torn> {
  try {
    await fsp.access(file);
  } catch {
    return;
  }
  const stream = createReadStream(file, { start: offset, highWaterMark: 1 << 20 });
  let carry: Buffer[] = [];
  let carryLen = 0;
  let pos = offset;
  let expect = firstTick;
  let lineNo = firstTick + 1;
  let bad: { line: number; start: number; reason: string } | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      for (;;) {
        const nl = chunk.indexOf(NEWLINE, from);
        if (nl < 0) {
          if (from < chunk.length) {
            carry.push(chunk.subarray(from));
            carryLen += chunk.length - from;
          }
          break;
        }
        let buf = chunk.subarray(from, nl);
        if (carryLen > 0) {
          carry.push(buf);
          buf = Buffer.concat(carry, carryLen + buf.length);
          carry = [];
          carryLen = 0;
        }
        from = nl + 1;
        const start = pos;
        pos = start + buf.length + 1;
        if (bad) throw new StoreCorruptError(file, bad.line, `${bad.reason}, and more of the log follows it`);
        const parsed = parseLine(buf);
        if (typeof parsed === 'string') {
          bad = { line: lineNo, start, reason: parsed };
        } else {
          if (parsed.tick !== expect) throw new StoreCorruptError(file, lineNo, `holds tick ${parsed.tick}, expected tick ${expect}`);
          yield { ...parsed, start, end: pos };
          expect++;
        }
        lineNo++;
      }
    }
  } finally {
    stream.destroy();
  }
  if (carryLen > 0) {
    if (bad) throw new StoreCorruptError(file, bad.line, `${bad.reason}, and more of the log follows it`);
    yield { torn: true, start: pos, line: lineNo, reason: 'incomplete last line (no newline)' };
  } else if (bad) {
    yield { torn: true, start: bad.start, line: bad.line, reason: bad.reason };
  }
}

function checkTick(tick: number): void {
  if (!Number.isSafeInteger(tick) || tick < 0) throw new RangeError(`tick must be an integer >= 0, got ${tick}`);
}

/** The parts of one line, written without first copying megabytes into one buffer. */
async function writeAll(fh: FileHandle, parts: Buffer[], size: number): Promise<void> {
  const { bytesWritten } = await fh.writev(parts);
  if (bytesWritten === size) return;
  // a short write (rare on a regular file): the rest, as one buffer
  const rest = Buffer.concat(parts).subarray(bytesWritten);
  let done = 0;
  while (done < rest.length) done += (await fh.write(rest, done, rest.length - done, null)).bytesWritten;
}

// --- files ---

/** Temp file + fsync + rename: readers see the old file or the whole new one, never a part. */
async function writeFileAtomic(path: string, content: string, dir: string): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  const fh = await fsp.open(tmp, 'w');
  try {
    await fh.writeFile(content);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await fsp.rename(tmp, path);
  await syncDir(dir);
}

/** Makes a rename or create durable; best effort where directories cannot be opened (Windows). */
async function syncDir(dir: string): Promise<void> {
  let fh: FileHandle | undefined;
  try {
    fh = await fsp.open(dir, 'r');
    await fh.sync();
  } catch {
    // not supported here
  } finally {
    await fh?.close().catch(() => {});
  }
}

async function removeTempFiles(dir: string): Promise<void> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  for (const n of names) if (n.includes('.tmp-')) await fsp.rm(join(dir, n), { force: true });
}

/** newest first */
async function listSnapshots(dir: string): Promise<{ name: string; tick: number }[]> {
  const names = await fsp.readdir(dir).catch((err) => {
    if (isCode(err, 'ENOENT')) return [] as string[];
    throw err;
  });
  const out: { name: string; tick: number }[] = [];
  for (const name of names) {
    const m = SNAPSHOT_NAME.exec(name);
    if (m) out.push({ name, tick: Number(m[1]) });
  }
  return out.sort((a, b) => b.tick - a.tick);
}

/**
 * A snapshot that is unreadable, fails its checksum or disagrees with its name is skipped with a
 * warning: an older one, or the log from tick 0, rebuilds the same world.
 */
async function newestValidSnapshot<S>(
  dir: string,
  candidates: { name: string; tick: number }[],
  ceiling: number,
  log: StoreLog,
): Promise<Snapshot<S> | null> {
  for (const c of candidates) {
    if (c.tick > ceiling) continue;
    const file = join(dir, c.name);
    const text = await fsp.readFile(file, 'utf8').catch((err: Error) => err);
    const got = typeof text === 'string' ? decodeSnapshot<S>(text, c.tick) : { reason: text.message };
    if ('state' in got) return { tick: c.tick, state: got.state };
    log.warn({ file, reason: got.reason }, 'snapshot ignored; the world is rebuilt from the log');
  }
  return null;
}
