/**
 * Players' session records on disk (sim/model/records.ts), one append-only file per kind beside the
 * world's log (`messages.log`, `memory.log`), one line per record (recordline.ts).
 *
 * Why this shape: it is the log's own (embedded.ts). A batch is one append and one fdatasync, so a
 * crash leaves whole records and at most a torn last line, which the writer drops when it opens the
 * file (with a warning) and a reader skips. Unlike the log, these files are not world state: a damaged
 * line with more after it is skipped, left in place and reported by file and line, and the world
 * starts without that record. The writer keeps each line's offset and each player's lines in memory,
 * so a page is a few positioned reads.
 */
import * as fsp from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { RecordHead, RecordPage } from '../../sim/model/records.ts';
import { decodeRecord, encodeRecord, scanRecords, type Scanned } from './recordline.ts';
import { report, type StoreLog } from './snapshot.ts';

export { decodeRecord, encodeRecord } from './recordline.ts';

/** A line the writer indexed no longer holds its record: the file was changed under a running world. */
export class RecordCorruptError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(`${file}: line ${line}: ${reason}`);
    this.name = 'RecordCorruptError';
  }
}

/** damaged lines told one by one at each look; past these, one line says how many more */
const TOLD_LINES = 5;

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
    if (sorted[mid].n > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

interface Indexed {
  n: number;
  line: number;
  start: number;
  end: number;
}
type Torn = Extract<Scanned, { kind: 'torn' }>;

/** One kind's file. The writer opens it for appending; anyone may read, following what was appended since. */
export class RecordFile<R extends RecordHead> {
  /** the number the next appended record gets: one above the last good one */
  private next = 0;
  /** lines indexed so far (good or skipped), for the line numbers of reports */
  private lines = 0;
  /** byte offset just past the last indexed line */
  private end = 0;
  private readonly players = new Map<string, Indexed[]>();
  /** whether this handle is the writer's (it knows every line; nobody else appends) */
  private writer = false;
  /** opened at the first append, so a world with no records has no files for them */
  private fh: FileHandle | null = null;
  private broken: Error | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly warn: StoreLog,
  ) {}

  /** Index the whole file (reporting damaged lines), drop a torn last line (warning), keep a handle to append. */
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
        report(
          this.warn,
          'backends.store.record_dropped',
          { file: this.path, line: torn.line, fault: torn.fault },
          'a torn last record was dropped (a write that never finished)',
        );
      }
      this.writer = true;
    });
  }

  append(recs: Omit<R, 'n'>[]): Promise<R[]> {
    return this.exclusive(async () => {
      if (!this.writer) throw new Error(`${this.path}: not the writer (call acquire first)`);
      if (this.broken) throw new Error(`${this.path}: an earlier append failed and could not be undone: ${this.broken.message}`);
      if (!recs.length) return [];
      const fh = (this.fh ??= await fsp.open(this.path, 'a'));
      for (const r of recs) if (typeof (r as { player?: unknown }).player !== 'string') throw new TypeError('a record needs its player');
      const first = this.next;
      const lines = recs.map((r, i) => Buffer.from(encodeRecord(first + i, r)));
      const buf = Buffer.concat(lines);
      const start = this.end;
      try {
        let done = 0;
        while (done < buf.length) done += (await fh.write(buf, done, buf.length - done, null)).bytesWritten;
        await fh.datasync();
      } catch (err) {
        // no partial line may stay behind: a later append after it would make a torn tail a damaged line
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
          const rec = decodeRecord<R>(buf.subarray(p.start - from, p.end - from - 1).toString('utf8'));
          if (typeof rec === 'string' || rec.n !== p.n) throw new RecordCorruptError(this.path, p.line, `record ${p.n} changed on disk`);
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
    this.next = 0;
    this.lines = 0;
    this.end = 0;
    this.players.clear();
  }

  private index(n: number, player: string, start: number, end: number): void {
    this.next = n + 1;
    this.lines++;
    this.end = end;
    const list = this.players.get(player) ?? this.players.set(player, []).get(player)!;
    list.push({ n, line: this.lines, start, end });
  }

  /**
   * Index what was appended since the last look, reporting damaged lines and missing records once
   * (they are passed, so the next look starts after them); returns the torn tail, if any (not indexed).
   */
  private async catchUp(): Promise<Torn | null> {
    const size = await fsp.stat(this.path).then(
      (s) => s.size,
      () => 0,
    );
    // the file was replaced by a shorter one (a world deleted and made again): start over
    if (size < this.end) this.reset();
    if (size === this.end) return null;
    const skipped: Extract<Scanned, { kind: 'skip' }>[] = [];
    let torn: Torn | null = null;
    for await (const item of scanRecords(this.path, this.end, this.lines + 1, this.next - 1)) {
      if (item.kind === 'rec') this.index(item.n, item.player, item.start, item.end);
      else if (item.kind === 'skip') {
        skipped.push(item);
        this.lines++;
        this.end = item.end;
      } else if (item.kind === 'gap') {
        report(
          this.warn,
          'backends.store.records_gap',
          { file: this.path, line: item.line, first: item.first, last: item.last, count: item.last - item.first + 1 },
          'session records missing before this line',
        );
      } else torn = item;
    }
    for (const s of skipped.slice(0, TOLD_LINES)) {
      report(
        this.warn,
        'backends.store.record_skipped',
        { file: this.path, line: s.line, fault: s.fault },
        'a damaged session record was skipped',
      );
    }
    const more = skipped.slice(TOLD_LINES);
    if (more.length) {
      report(
        this.warn,
        'backends.store.records_skipped_more',
        { file: this.path, count: more.length, first: more[0].line, last: more[more.length - 1].line },
        'more damaged session records were skipped',
      );
    }
    return torn;
  }
}
