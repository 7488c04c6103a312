/**
 * Canonical JSON: object keys sorted (by UTF-16 code units, i.e. Array.prototype.sort), arrays in
 * order, no whitespace. Two equal values give the same bytes whatever order their keys were
 * inserted in, so exports are byte-identical across runs (a resumed run rebuilds objects from JSON
 * and would otherwise order keys differently) and checksums of state mean something.
 *
 * Otherwise it follows JSON.stringify: toJSON is honoured, undefined / functions / symbols are
 * left out of objects and become null in arrays, non-finite numbers become null, bigint throws.
 * A replacer on JSON.stringify cannot do this: integer-like keys ("2", "10") are always
 * enumerated first in numeric order, whatever order they were inserted in.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

export function canonicalJson(value: unknown): string {
  const out = write(value);
  // JSON.stringify(undefined) is undefined; a string-typed API says "null" instead.
  return out === undefined ? 'null' : out;
}

function write(value: unknown): string | undefined {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: () => unknown }).toJSON();
  }
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('canonicalJson: cannot serialize a bigint');
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let s = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) s += ',';
      s += write(value[i]) ?? 'null';
    }
    return s + ']';
  }
  const obj = value as Record<string, unknown>;
  const keys = sortedKeys(obj);
  let s = '{';
  let first = true;
  for (const k of keys) {
    const v = write(obj[k]);
    if (v === undefined) continue;
    if (!first) s += ',';
    first = false;
    s += JSON.stringify(k) + ':' + v;
  }
  return s + '}';
}

/**
 * An object's keys in Array.prototype.sort's order (UTF-16 code units, as `<` compares strings).
 * The few keys of a call's arguments, a message or a consequence's resources are sorted in place:
 * sort copies any list into a work array first, and the Judge and the dice sort such keys for
 * thousands of calls a tick.
 */
export function sortedKeys(obj: object): string[] {
  const keys = Object.keys(obj);
  if (keys.length > 8) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i];
    let j = i - 1;
    for (; j >= 0 && keys[j] > k; j--) keys[j + 1] = keys[j];
    keys[j + 1] = k;
  }
  return keys;
}

/**
 * CRC-32 and byte length, 16 hex digits: catches a torn or damaged log line at a fraction of a
 * cryptographic hash's cost on the commit path (megabytes per tick). Not meant against forgery.
 */
export function checksum(s: string | Uint8Array): string {
  const bytes = typeof s === 'string' ? Buffer.byteLength(s, 'utf8') : s.byteLength;
  return hex8(crc32(s)) + hex8(bytes);
}

const hex8 = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

/** sha256 hex, first 16 digits: a content id (e.g. of a scenario pack). */
export function digest(s: string | Uint8Array): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 16);
}
