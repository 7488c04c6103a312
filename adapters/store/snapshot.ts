/**
 * Snapshots carry a checksum of their state, so one edited or torn on disk (or in a database) is
 * refused and the world is rebuilt from the log instead of silently diverging from it: a snapshot
 * only speeds loading up, the log is the truth.
 */
import { checksum } from '../../sim/lib/canonical.ts';

/**
 * Where a store reports what it skipped: a pino logger fits; without one, Node's process warnings.
 * `tell`, when given, also hears what a person should read, as a locale key and its parameters (the
 * CLI prints it in the user's language).
 */
export interface StoreLog {
  warn(fields: object, msg: string): void;
  tell?(key: string, params: Record<string, unknown>): void;
}

/** One report to both: the log's line (with the key, to find it by) and the person's notice. */
export function report(log: StoreLog, key: string, params: Record<string, unknown>, msg: string): void {
  log.warn({ ...params, key }, msg);
  log.tell?.(key, params);
}

export const processWarnings: StoreLog = {
  warn: (fields, msg) => process.emitWarning(`${msg} ${JSON.stringify(fields)}`, 'AstinusStoreWarning'),
};

const HEAD = /^\{"tick":(0|[1-9]\d*),"sum":"([0-9a-f]{16})","state":/;

/** `{"tick":N,"sum":"<checksum of the state JSON>","state":...}` */
export function encodeSnapshot(tick: number, state: unknown): string {
  const body = JSON.stringify(state);
  return `{"tick":${tick},"sum":"${checksum(body)}","state":${body}}`;
}

/** The state of a snapshot file that should hold `tick`, or why it cannot be used. */
export function decodeSnapshot<S>(text: string, tick: number): { state: S } | { reason: string } {
  const head = HEAD.exec(text.slice(0, 64));
  if (!head || !text.endsWith('}')) return { reason: 'not a checksummed snapshot' };
  if (Number(head[1]) !== tick) return { reason: `holds tick ${head[1]}` };
  const body = text.slice(head[0].length, -1);
  if (checksum(body) !== head[2]) return { reason: 'checksum mismatch (edited or torn)' };
  try {
    return { state: JSON.parse(body) as S };
  } catch (err) {
    return { reason: `not valid JSON (${(err as Error).message})` };
  }
}
