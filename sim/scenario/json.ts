/**
 * The one reader of a pack's JSON files: the text (for the pack's hash) and its value, or where the
 * syntax breaks as `line:column` and why, as a locale key. V8's JSON.parse gives a position for some
 * errors and none for others ("Unexpected token", "Unexpected end of JSON input"), and its words are
 * English only, so a failed parse is scanned again here, by the grammar of RFC 8259, to find the
 * first byte that cannot be JSON and to say what was expected there. The scan runs only on failure.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PackIssue } from './errors.ts';

export type PackJson = { kind: 'missing' } | { kind: 'bad'; text: string; issue: PackIssue } | { kind: 'ok'; text: string; json: unknown };

/** What a syntax error is: a key under `pack.json`, with the character found and what was expected. */
export interface JsonFault {
  pos: number;
  code: 'empty' | 'end' | 'token' | 'trailing_comma' | 'control' | 'escape' | 'number';
  found?: string;
  expected?: Expect;
}
type Expect = 'value' | 'key' | 'colon' | 'comma_or_brace' | 'comma_or_bracket' | 'nothing';

/** `file` of the pack folder `dir`: missing, its value, or its syntax error at `line:column`. */
export async function readPackJson(dir: string, file: string): Promise<PackJson> {
  const raw = await readFile(path.join(dir, file), 'utf8').catch(() => null);
  if (raw === null) return { kind: 'missing' };
  // an editor's byte-order mark is no content: the pack reads the same with or without it
  const text = raw.replace(/^\uFEFF/, '');
  try {
    return { kind: 'ok', text: raw, json: JSON.parse(text) };
  } catch {
    const f = jsonFault(text) ?? { pos: 0, code: 'token', found: text.slice(0, 1), expected: 'value' };
    const { line, column } = lineColumn(text, f.pos);
    const params = { ...(f.found === undefined ? {} : { found: shown(f.found) }), ...(f.expected ? { expected: f.expected } : {}) };
    return { kind: 'bad', text: raw, issue: { file, path: '$', at: { line, column }, reason: { key: `pack.json.${f.code}`, params } } };
  }
}

/** 1-based line and column (in characters, as editors count them) of a position in the text. */
export function lineColumn(text: string, pos: number): { line: number; column: number } {
  const before = text.slice(0, pos);
  const nl = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: [...before.slice(nl + 1)].length + 1 };
}

const shown = (c: string) => (c === '' ? '' : JSON.stringify(c));
const WS = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];

/** The first syntax error of a text, or null when it is JSON. Iterative: no depth limit of its own. */
export function jsonFault(text: string): JsonFault | null {
  const n = text.length;
  let i = 0;
  const stack: ('{' | '[')[] = [];
  // what may come next: a value, a key, a colon, or what follows a value
  let want: 'value' | 'key' | 'colon' | 'after' = 'value';
  /** the container was just opened (its close may come now), or a comma was just read (it may not) */
  let opened = false;
  let comma = false;
  const skip = () => {
    while (i < n && WS.has(text[i])) i++;
  };
  const end = (): JsonFault => ({ pos: i, code: text.trim() ? 'end' : 'empty' });
  const token = (expected: Expect): JsonFault => {
    const c = String.fromCodePoint(text.codePointAt(i)!);
    if (comma && (c === '}' || c === ']')) return { pos: i, code: 'trailing_comma', found: c };
    return { pos: i, code: 'token', found: c, expected };
  };
  for (;;) {
    skip();
    if (want === 'after' && stack.length === 0) return i < n ? token('nothing') : null;
    if (i >= n) return end();
    const c = text[i];
    if (want === 'value') {
      if (opened && c === ']') {
        stack.pop();
        i++;
        want = 'after';
        opened = false;
        continue;
      }
      if (c === '{' || c === '[') {
        stack.push(c);
        i++;
        want = c === '{' ? 'key' : 'value';
        opened = true;
        comma = false;
        continue;
      }
      let fault: JsonFault | null = null;
      if (c === '"') fault = string();
      else if (c === '-' || (c >= '0' && c <= '9')) fault = number();
      else {
        const lit = LITERALS.find((l) => text.startsWith(l, i));
        if (!lit) return token('value');
        i += lit.length;
      }
      if (fault) return fault;
      want = 'after';
    } else if (want === 'key') {
      if (opened && c === '}') {
        stack.pop();
        i++;
        want = 'after';
        opened = false;
        continue;
      }
      if (c !== '"') return token('key');
      const fault = string();
      if (fault) return fault;
      want = 'colon';
    } else if (want === 'colon') {
      if (c !== ':') return token('colon');
      i++;
      want = 'value';
    } else {
      const top = stack[stack.length - 1];
      const close = top === '{' ? '}' : ']';
      if (c === close) {
        stack.pop();
        i++;
        continue;
      }
      if (c !== ',') return token(top === '{' ? 'comma_or_brace' : 'comma_or_bracket');
      i++;
      want = top === '{' ? 'key' : 'value';
      comma = true;
      opened = false;
      continue;
    }
    opened = false;
    comma = false;
  }

  /** A string from its opening quote; leaves i after its closing one. */
  function string(): JsonFault | null {
    i++;
    while (i < n) {
      const c = text[i];
      if (c === '"') {
        i++;
        return null;
      }
      if (c < ' ') return { pos: i, code: 'control', found: c };
      if (c === '\\') {
        const e = text[i + 1] ?? '';
        if (ESCAPES.has(e)) i += 2;
        else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else return { pos: i, code: 'escape', found: `\\${e}` };
      } else i++;
    }
    return { pos: i, code: 'end' };
  }

  function number(): JsonFault | null {
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    const next = m ? text[i + m[0].length] : undefined;
    // a number runs into a digit, a dot or an exponent it cannot take: "01", "1.", "1e", "-"
    if (!m || (next !== undefined && /[0-9.eE+-]/.test(next))) return { pos: i, code: 'number' };
    i += m[0].length;
    return null;
  }
}
