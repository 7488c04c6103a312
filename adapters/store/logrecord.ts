/**
 * One line of the embedded store's events.log: how a committed tick is written and read back.
 *
 *   'json'    {"tick":N,"sum":"<checksum of the events JSON>","events":[...]}\n         (the first format)
 *   'brotli'  {"tick":N,"sum":"<checksum of the base64 text>","br":"<base64 of brotli(events JSON)>"}\n
 *
 * New lines are 'brotli'; both are read, line by line, so an old log continued by this code holds
 * both kinds and still reads as one history. Why brotli in base64 on a line, not binary frames:
 * - Brotli at quality 1 packs a tick's events about 8.5x (deflate at level 1: 7.5x, in half again
 *   the time); base64 makes that a third bigger (6.3x), still well over the 4x the log needed.
 * - A newline never occurs inside a line, so the log keeps its one property that makes damage
 *   decidable: a bad line with any line after it was not the last write, so it is corruption (an
 *   error, never skipped), while a bad or torn LAST line is a commit that never finished. A binary
 *   frame with a damaged length would leave "is anything after it?" unanswerable.
 * - The checksum covers the stored text, so a scan verifies a line without decompressing it, and
 *   ticks a reader skips cost no inflation.
 * - Compression runs in libuv's thread pool (zlib's async API), off the main thread.
 * The same events JSON goes in and comes out, so exports (canonical JSON of the parsed events)
 * are byte-identical whichever format a tick was written in.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants } from 'node:zlib';
import type { Event } from '../../sim/model/events.ts';
import { checksum } from '../../sim/lib/canonical.ts';

export type LogFormat = 'json' | 'brotli';

export interface ParsedLine {
  tick: number;
  format: LogFormat;
  payload: Buffer;
}

const compress = promisify(brotliCompress);
const BROTLI_QUALITY = 1;

// The head is written by us alone, so a fixed shape is both the parser and the first integrity check.
const HEAD = /^\{"tick":(0|[1-9]\d*),"sum":"([0-9a-f]{16})","(events|br)":/;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const JSON_END = Buffer.from('}\n', 'latin1');
const BR_END = Buffer.from('"}\n', 'latin1');

/** The parts of tick's line, to be appended as they are (no copy into one buffer). */
export async function encodeLine(tick: number, events: Event[], format: LogFormat): Promise<Buffer[]> {
  // JSON.stringify, not canonicalJson: this is the hot path, and events are built
  // deterministically; exports re-serialize canonically.
  const json = Buffer.from(JSON.stringify(events), 'utf8');
  if (format === 'json') {
    return [Buffer.from(`{"tick":${tick},"sum":"${checksum(json)}","events":`, 'latin1'), json, JSON_END];
  }
  const packed = await compress(json, {
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
  });
  const text = Buffer.from(packed.toString('base64'), 'latin1');
  return [Buffer.from(`{"tick":${tick},"sum":"${checksum(text)}","br":"`, 'latin1'), text, BR_END];
}

/** A line without its newline: its tick and verified payload, or why it is not a tick record. */
export function parseLine(buf: Buffer): ParsedLine | string {
  const head = HEAD.exec(buf.toString('latin1', 0, Math.min(buf.length, 64)));
  if (!head) return 'not a tick record';
  const format: LogFormat = head[3] === 'br' ? 'brotli' : 'json';
  // The head is ASCII, so its length in characters is its length in bytes.
  let start = head[0].length;
  let end = buf.length - 1;
  if (buf[end] !== CLOSE_BRACE) return 'not a tick record';
  if (format === 'brotli') {
    if (buf[start] !== QUOTE || buf[end - 1] !== QUOTE) return 'not a tick record';
    start++;
    end--;
  }
  if (end - start < 2) return 'not a tick record';
  const payload = buf.subarray(start, end);
  if (checksum(payload) !== head[2]) return 'checksum mismatch';
  return { tick: Number(head[1]), format, payload };
}

/** The events of a verified line; throws with the reason if they do not decode. */
export function decodeEvents(line: ParsedLine): Event[] {
  let json: Buffer;
  if (line.format === 'json') json = line.payload;
  else {
    try {
      json = brotliDecompressSync(Buffer.from(line.payload.toString('latin1'), 'base64'));
    } catch (err) {
      throw new Error(`events do not decompress (${(err as Error).message})`);
    }
  }
  try {
    return JSON.parse(json.toString('utf8')) as Event[];
  } catch (err) {
    throw new Error(`events are not valid JSON (${(err as Error).message})`);
  }
}
