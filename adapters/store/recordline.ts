/**
 * One line of a players' session record file (records.ts), and the scan that reads a file of them.
 *
 *   {"n":N,"sum":"<checksum of the record JSON>","rec":<the record without n>}\n
 *
 * A record file is beside the log, never world state, so a damaged line in it must not stop a world:
 * the scan skips it and says where, and goes on. Records are numbered by the writer in order, so the
 * scan also tells a repeated line (n not above the last) and records missing between two good ones.
 */
import { createReadStream } from 'node:fs';
import type { RecordHead } from '../../sim/model/records.ts';
import { checksum } from '../../sim/lib/canonical.ts';

/** Why a line was not read as a record: locale keys under `backends.store.fault`. */
export type RecordFault = 'empty' | 'not_record' | 'checksum' | 'json' | 'shape' | 'repeat' | 'torn';

/** What a scan finds, line by line; `line` numbers are the file's lines from 1. */
export type Scanned =
  | { kind: 'rec'; n: number; player: string; line: number; start: number; end: number }
  /** a damaged line with more after it: skipped and left in place */
  | { kind: 'skip'; line: number; start: number; end: number; fault: RecordFault }
  /** records first..last never appear before `line` (more are absent than the damaged lines there could hold) */
  | { kind: 'gap'; line: number; first: number; last: number }
  /** a damaged or unfinished last line: a write that never returned */
  | { kind: 'torn'; line: number; start: number; fault: RecordFault };

const HEAD = /^\{"n":(0|[1-9]\d*),"sum":"([0-9a-f]{16})","rec":/;
const NEWLINE = 0x0a;

export function encodeRecord(n: number, rec: object): string {
  const body = JSON.stringify(rec);
  return `{"n":${n},"sum":"${checksum(body)}","rec":${body}}\n`;
}

/** The record of one line (without its newline), or why it cannot be read. */
export function decodeRecord<R extends RecordHead>(line: string): R | RecordFault {
  if (line.length === 0) return 'empty';
  const head = HEAD.exec(line.slice(0, 48));
  if (!head || !line.endsWith('}')) return 'not_record';
  const body = line.slice(head[0].length, -1);
  if (checksum(body) !== head[2]) return 'checksum';
  let rec: unknown;
  try {
    rec = JSON.parse(body);
  } catch {
    return 'json';
  }
  if (typeof rec !== 'object' || rec === null || Array.isArray(rec)) return 'shape';
  const r = rec as { player?: unknown; tick?: unknown };
  if (typeof r.player !== 'string' || !Number.isSafeInteger(r.tick)) return 'shape';
  return { n: Number(head[1]), ...(rec as object) } as R;
}

/**
 * The file's lines from byte `offset`, which starts line `line` (from 1) after the record numbered
 * `lastN` (-1: none yet). A missing file is an empty one.
 */
export async function* scanRecords(file: string, offset: number, line: number, lastN: number): AsyncGenerator<Scanned> {
  const stream = createReadStream(file, { start: offset, highWaterMark: 1 << 20 });
  let carry: Buffer[] = [];
  let pos = offset;
  let last = lastN;
  /** damaged lines since the last good record: they may have held the numbers between */
  let skipped = 0;
  let bad: { line: number; start: number; end: number; fault: RecordFault } | null = null;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      for (;;) {
        const nl = chunk.indexOf(NEWLINE, from);
        if (nl < 0) {
          if (from < chunk.length) carry.push(chunk.subarray(from));
          break;
        }
        let buf = chunk.subarray(from, nl);
        if (carry.length) {
          carry.push(buf);
          buf = Buffer.concat(carry);
          carry = [];
        }
        from = nl + 1;
        const start = pos;
        pos = start + buf.length + 1;
        // a bad line is only known to be mid-file, not a torn tail, once another line follows it
        if (bad) {
          yield { kind: 'skip', ...bad };
          skipped++;
          bad = null;
        }
        const got = decodeRecord(buf.toString('utf8'));
        if (typeof got === 'string') bad = { line, start, end: pos, fault: got };
        else if (got.n <= last) bad = { line, start, end: pos, fault: 'repeat' };
        else {
          if (got.n - last - 1 > skipped) yield { kind: 'gap', line, first: last + 1, last: got.n - 1 };
          yield { kind: 'rec', n: got.n, player: got.player, line, start, end: pos };
          last = got.n;
          skipped = 0;
        }
        line++;
      }
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  } finally {
    stream.destroy();
  }
  if (carry.length) {
    if (bad) yield { kind: 'skip', ...bad };
    yield { kind: 'torn', line, start: pos, fault: 'torn' };
  } else if (bad) {
    yield { kind: 'torn', line: bad.line, start: bad.start, fault: bad.fault };
  }
}
