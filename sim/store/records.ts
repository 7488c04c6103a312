/**
 * Players' session records on disk (sim/model/records.ts), one append-only file per kind beside the
 * world's log (`messages.log`, `memory.log`), one line per record:
 *
 *   {"n":N,"sum":"<checksum of the record JSON>","rec":<the record without n>}\n
 *
 * Why this shape: it is the log's own (embedded.ts), for the same reasons. A batch is one append and
 * one fdatasync, so a crash leaves whole records and at most a torn last line; a torn or damaged last
 * line is a write that never returned, so the writer drops it when it opens the file (with a
 * warning) and a reader skips it; a bad line with lines after it is corruption, an error naming the
 * file and line. `n` is the line's number from 0, so a misplaced line is caught. The writer keeps
 * each line's offset and each player's lines in memory, so a page is a few positioned reads.
 */
import { createReadStream } from 'node:fs';
import * as fsp from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { RecordHead, RecordPage } from '../model/records.ts';
import { checksum } from './canonical.ts';
import type { StoreLog } from './snapshot.ts';

/** Raised for a damaged line that a crash cannot explain (a bad line with more after it). */
export class RecordCorruptError extends Error {
  constructor(readonly file: string, readonly line: number, reason: string) {
    super(`${file}: line ${line}: ${reason}`);
    this.name = 'RecordCorruptError';
  }
}

const HEAD = /^\{"n":(0|[1-9]\d*),"sum":"([0-9a-f]{16})","rec":/;
const NEWLINE = 0x0a;

export function encodeRecord(n: number, rec: object): string {
  const body = JSON.stringify(rec);
  return `{"n":${n},"sum":"${checksum(body)}","rec":${body}}\n`;
}

/** The record of one line (without its newline) that should hold `n`, or why it cannot be read. */
export function decodeRecord<R extends RecordHead>(line: string, n: number): R | string {
  const head = HEAD.exec(line.slice(0, 48));
  if (!head || !line.endsWith('}')) return 'not a checksummed record';
  if (Number(head[1]) !== n) return `holds record ${head[1]}, expected ${n}`;
  const body = line.slice(head[0].length, -1);
  if (checksum(body) !== head[2]) return 'checksum mismatch (edited or torn)';
  let rec: unknown;
  try {
    rec = JSON.parse(body);
  } catch (err) {
    return `not valid JSON (${(err as Error).message})`;
  }
  if (typeof rec !== 'object' || rec === null || typeof (rec as { player?: unknown }).player !== 'string') return 'not a player\'s record';
  return { n, ...(rec as object) } as R;
}

/** The page of a list sorted by n (RecordPage's rule); shared by every store. */
export function pageOf<T extends { n: number }>(sorted: readonly T[], page: RecordPage): T[] {
  const limit = Math.max(0, Math.floor(page.limit));
  if (limit === 0) return [];
  if (page.after !== undefined) {
    const i = firstAbove(sorted, page.after);
    return sorted.slice(i, i + limit);
  }
  const end = page.before === undefined ? sorted.length : firstAbove(sorted, page.before - 1);
  return sorted.slice(Math.max(0, end - limit), end);
}

/** index of the first element whose n > x */
function firstAbove<T extends { n: number }>(sorted: readonly T[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].n > x) hi = mid; else lo = mid + 1;
  }
  return lo;
}

interface Indexed { n: number; start: number; end: number }
type Scanned = { player: string; start: number; end: number } | { torn: true; start: number; line: number; reason: string };

/** One kind's file. The writer opens it for appending; anyone may read, following what was appended since. */
export class RecordFile<R extends RecordHead> {
  /** starts[n] = byte offset of record n */
  private starts: number[] = [];
  /** byte offset just past the last indexed line */
  private end = 0;
  private readonly players = new Map<string, Indexed[]>();
  /** whether this handle is the writer's (it knows every line; nobody else appends) */
  private writer = false;
  /** opened at the first append, so a world with no records has no files for them */
  private fh: FileHandle | null = null;
  private broken: Error | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly path: string, private readonly warn: StoreLog) {}

  /** Index the whole file, drop a torn last line (warning), keep a handle to append. */
  openForAppend(): Promise<void> {
    return this.exclusive(async () => {
      this.reset();
      const torn = await this.catchUp();
      if (torn) {
        const fh = await fsp.open(this.path, 'r+');
        try {
          await fh.truncate(torn.start);
          await fh.sync();
        } finally {
          await fh.close();
        }
        this.warn.warn({ file: this.path, line: torn.line, reason: torn.reason }, 'a torn last record was dropped (a write that never finished)');
      }
      this.writer = true;
    });
  }

  append(recs: Omit<R, 'n'>[]): Promise<R[]> {
    return this.exclusive(async () => {
      if (!this.writer) throw new Error(`${this.path}: not the writer (call acquire first)`);
      if (this.broken) throw new Error(`${this.path}: an earlier append failed and could not be undone: ${this.broken.message}`);
      if (!recs.length) return [];
      const fh = this.fh ??= await fsp.open(this.path, 'a');
      for (const r of recs) if (typeof (r as { player?: unknown }).player !== 'string') throw new TypeError('a record needs its player');
      const first = this.starts.length;
      const lines = recs.map((r, i) => Buffer.from(encodeRecord(first + i, r)));
      const buf = Buffer.concat(lines);
      const start = this.end;
      try {
        let done = 0;
        while (done < buf.length) done += (await fh.write(buf, done, buf.length - done, null)).bytesWritten;
        await fh.datasync();
      } catch (err) {
        // no partial line may stay behind: a later append after it would make a torn tail corruption
        try {
          await fh.truncate(start);
          await fh.datasync();
        } catch {
          this.broken = err as Error;
        }
        throw err;
      }
      let at = start;
      const out: R[] = [];
      recs.forEach((r, i) => {
        const n = first + i;
        this.index(n, r.player, at, at + lines[i].length);
        at += lines[i].length;
        out.push(structuredClone({ n, ...r }) as R);
      });
      return out;
    });
  }

  read(player: string, page: RecordPage): Promise<R[]> {
    return this.exclusive(async () => {
      if (!this.writer) await this.catchUp();
      const picked = pageOf(this.players.get(player) ?? [], page);
      if (!picked.length) return [];
      const fh = await fsp.open(this.path, 'r');
      try {
        // one read from the first picked line to the end of the last: they are near each other
        const from = picked[0].start;
        const buf = Buffer.alloc(picked[picked.length - 1].end - from);
        let got = 0;
        while (got < buf.length) {
          const { bytesRead } = await fh.read(buf, got, buf.length - got, from + got);
          if (bytesRead === 0) break;
          got += bytesRead;
        }
        return picked.map((p) => {
          const rec = decodeRecord<R>(buf.subarray(p.start - from, p.end - from - 1).toString('utf8'), p.n);
          if (typeof rec === 'string') throw new RecordCorruptError(this.path, p.n + 1, rec);
          return rec;
        });
      } finally {
        await fh.close();
      }
    });
  }

  close(): Promise<void> {
    return this.exclusive(async () => {
      const fh = this.fh;
      this.fh = null;
      this.writer = false;
      await fh?.close();
    });
  }

  // --- internals ---

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => {});
    return run;
  }

  private reset(): void {
    this.starts = [];
    this.end = 0;
    this.players.clear();
  }

  private index(n: number, player: string, start: number, end: number): void {
    this.starts.push(start);
    this.end = end;
    const list = this.players.get(player) ?? this.players.set(player, []).get(player)!;
    list.push({ n, start, end });
  }

  /** Index what was appended since the last look; returns the torn tail, if any (not indexed). */
  private async catchUp(): Promise<{ start: number; line: number; reason: string } | null> {
    const size = await fsp.stat(this.path).then((s) => s.size, () => 0);
    // the file was replaced by a shorter one (a world deleted and made again): start over
    if (size < this.end) this.reset();
    if (size === this.end) return null;
    for await (const item of scan(this.path, this.end, this.starts.length)) {
      if ('torn' in item) return item;
      this.index(this.starts.length, item.player, item.start, item.end);
    }
    return null;
  }
}

/** Lines from `offset` (where record `first` starts), verified; a bad last line is yielded as torn, a bad line before others throws. */
async function* scan(file: string, offset: number, first: number): AsyncGenerator<Scanned> {
  const stream = createReadStream(file, { start: offset, highWaterMark: 1 << 20 });
  let carry: Buffer[] = [];
  let pos = offset;
  let n = first;
  let bad: { line: number; start: number; reason: string } | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      for (;;) {
        const nl = chunk.indexOf(NEWLINE, from);
        if (nl < 0) {
          if (from < chunk.length) carry.push(chunk.subarray(from));
          break;
        }
        let line = chunk.subarray(from, nl);
        if (carry.length) { carry.push(line); line = Buffer.concat(carry); carry = []; }
        from = nl + 1;
        const start = pos;
        pos = start + line.length + 1;
        if (bad) throw new RecordCorruptError(file, bad.line, `${bad.reason}, and more of the file follows it`);
        const got = decodeRecord(line.toString('utf8'), n);
        if (typeof got === 'string') bad = { line: n + 1, start, reason: got };
        else { yield { player: got.player, start, end: pos }; n++; }
      }
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  } finally {
    stream.destroy();
  }
  if (carry.length) {
    if (bad) throw new RecordCorruptError(file, bad.line, `${bad.reason}, and more of the file follows it`);
    yield { torn: true, start: pos, line: n + 1, reason: 'incomplete last line (no newline)' };
  } else if (bad) {
    yield { torn: true, start: bad.start, line: bad.line, reason: bad.reason };
  }
}
