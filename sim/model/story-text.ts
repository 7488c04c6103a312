import { z } from 'zod';
import { Text } from './text.ts';

/**
 * A story's words that depend on the world (docs/design.md, The story): a chapter's, situation's or
 * ending's name or summary is either one text, or variants `[{when, text}, ..., {text}]` read in
 * order. `when` is a condition over the story's bound variables (`day == 1`, `known > 0 && !employed`);
 * the first variant whose condition holds and whose words the world backs is shown,
 * and the last has no `when`: the default.
 */
export const StoryVariant = z.object({ when: z.string().min(1).max(200).optional(), text: Text }).strict();
export type StoryVariant = z.infer<typeof StoryVariant>;
export const StoryText = z.union([Text, z.array(StoryVariant).min(1).max(20)]);
export type StoryText = z.infer<typeof StoryText>;

/** The variants of a story text, in the order they are read (one text is one variant with no condition). */
export const variantsOf = (st: StoryText): StoryVariant[] => (Array.isArray(st) ? st : [{ text: st }]);

/** The text shown when no condition holds: the last variant's. */
export const defaultText = (st: StoryText): Text => {
  const v = variantsOf(st);
  return v[v.length - 1].text;
};

type Value = string | number | boolean;
export type WhenOp = '==' | '!=' | '<' | '<=' | '>' | '>=';
/** A parsed condition. */
export type When =
  | { k: 'var'; name: string }
  | { k: 'lit'; value: Value }
  | { k: 'not'; a: When }
  | { k: 'and' | 'or'; a: When; b: When }
  | { k: 'cmp'; op: WhenOp; a: When; b: When };

/** Where a condition stops reading (0-based character), for the author's error message. */
export class WhenSyntax extends Error {
  constructor(readonly at: number) {
    super(`condition does not read at character ${at + 1}`);
  }
}

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|"([^"\\]*)"|([A-Za-z_]\w*)|(==|!=|<=|>=|&&|\|\||[<>!()]))/y;
type Tok = { at: number; num?: number; str?: string; word?: string; op?: string };

function tokens(src: string): Tok[] {
  const out: Tok[] = [];
  TOKEN.lastIndex = 0;
  let i = 0;
  while (i < src.length) {
    if (/^\s*$/.test(src.slice(i))) break;
    TOKEN.lastIndex = i;
    const m = TOKEN.exec(src);
    if (!m) throw new WhenSyntax(i + (src.slice(i).length - src.slice(i).trimStart().length));
    const at = m.index + m[0].length - m[0].trimStart().length;
    if (m[1] !== undefined) out.push({ at, num: Number(m[1]) });
    else if (m[2] !== undefined) out.push({ at, str: m[2] });
    else if (m[3] !== undefined) {
      // ink's own words for the logic operators read the same
      const w = m[3];
      out.push(w === 'and' ? { at, op: '&&' } : w === 'or' ? { at, op: '||' } : w === 'not' ? { at, op: '!' } : { at, word: w });
    } else out.push({ at, op: m[4] });
    i = TOKEN.lastIndex;
  }
  return out;
}

/** Read a condition: names, numbers, "text", true, false, ( ), !, &&, ||, ==, !=, <, <=, >, >= (and, or, not as in ink). Throws WhenSyntax. */
export function parseWhen(src: string): When {
  const ts = tokens(src);
  let p = 0;
  const peek = (): Tok | undefined => ts[p];
  const fail = (): never => {
    throw new WhenSyntax(ts[p]?.at ?? src.length);
  };
  const isOp = (op: string) => peek()?.op === op;
  const or = (): When => {
    let a = and();
    while (isOp('||')) {
      p++;
      a = { k: 'or', a, b: and() };
    }
    return a;
  };
  const and = (): When => {
    let a = not();
    while (isOp('&&')) {
      p++;
      a = { k: 'and', a, b: not() };
    }
    return a;
  };
  const not = (): When => {
    if (isOp('!')) {
      p++;
      return { k: 'not', a: not() };
    }
    return cmp();
  };
  const cmp = (): When => {
    const a = atom();
    const op = peek()?.op;
    if (op === '==' || op === '!=' || op === '<' || op === '<=' || op === '>' || op === '>=') {
      p++;
      return { k: 'cmp', op, a, b: atom() };
    }
    return a;
  };
  const atom = (): When => {
    const t = peek();
    if (!t) return fail();
    p++;
    if (t.num !== undefined) return { k: 'lit', value: t.num };
    if (t.str !== undefined) return { k: 'lit', value: t.str };
    if (t.word === 'true' || t.word === 'false') return { k: 'lit', value: t.word === 'true' };
    if (t.word !== undefined) return { k: 'var', name: t.word };
    if (t.op === '(') {
      const e = or();
      if (!isOp(')')) return fail();
      p++;
      return e;
    }
    p--;
    return fail();
  };
  const e = or();
  if (p < ts.length) fail();
  return e;
}

export type WhenType = 'number' | 'string' | 'boolean';

/** Why a condition cannot be read against the bound variables' kinds, or null. `values` lists what a string variable can hold, when that is known. */
export function whenProblem(
  w: When,
  types: Record<string, WhenType>,
  values: Record<string, ReadonlySet<string>> = {},
): { key: string; params: Record<string, string> } | null {
  let problem: { key: string; params: Record<string, string> } | null = null;
  const typeOf = (n: When): WhenType | null => {
    if (problem) return null;
    switch (n.k) {
      case 'lit':
        return typeof n.value as WhenType;
      case 'var':
        if (!Object.hasOwn(types, n.name)) {
          problem = { key: 'story_when_unknown', params: { name: n.name, list: Object.keys(types).sort().join(', ') || '-' } };
          return null;
        }
        return types[n.name];
      case 'not':
        return want(n.a, 'boolean');
      case 'and':
      case 'or':
        return want(n.a, 'boolean') && want(n.b, 'boolean');
      case 'cmp': {
        const a = typeOf(n.a);
        const b = typeOf(n.b);
        if (!a || !b) return null;
        if (a !== b || (a !== 'number' && n.op !== '==' && n.op !== '!=')) {
          problem = { key: 'story_when_type', params: { left: a, op: n.op, right: b } };
          return null;
        }
        for (const [x, y] of [
          [n.a, n.b],
          [n.b, n.a],
        ])
          if (x.k === 'var' && y.k === 'lit' && typeof y.value === 'string' && values[x.name] && !values[x.name].has(y.value)) {
            problem = { key: 'story_when_value', params: { name: x.name, value: y.value, list: [...values[x.name]].sort().join(', ') } };
            return null;
          }
        return 'boolean';
      }
    }
  };
  const want = (n: When, t: WhenType): WhenType | null => {
    const got = typeOf(n);
    if (got && got !== t) problem = { key: 'story_when_type', params: { left: got, op: '', right: t } };
    return problem ? null : t;
  };
  const top = typeOf(w);
  if (!problem && top !== 'boolean') problem = { key: 'story_when_type', params: { left: top ?? '-', op: '', right: 'boolean' } };
  return problem;
}

/** Whether a condition holds for these values (a variable it does not find reads as false: validation keeps that from happening). */
export function holdsWhen(w: When, vars: Readonly<Record<string, Value>>): boolean {
  return Boolean(valueOf(w, vars));
}

function valueOf(w: When, vars: Readonly<Record<string, Value>>): Value {
  switch (w.k) {
    case 'lit':
      return w.value;
    case 'var':
      return Object.hasOwn(vars, w.name) ? vars[w.name] : false;
    case 'not':
      return !valueOf(w.a, vars);
    case 'and':
      return Boolean(valueOf(w.a, vars)) && Boolean(valueOf(w.b, vars));
    case 'or':
      return Boolean(valueOf(w.a, vars)) || Boolean(valueOf(w.b, vars));
    case 'cmp': {
      const a = valueOf(w.a, vars);
      const b = valueOf(w.b, vars);
      switch (w.op) {
        case '==':
          return a === b;
        case '!=':
          return a !== b;
        case '<':
          return a < b;
        case '<=':
          return a <= b;
        case '>':
          return a > b;
        case '>=':
          return a >= b;
      }
    }
  }
}

const parsed = new Map<string, When | null>();

/**
 * The first variant whose condition holds for `vars` and whose words `backed` accepts, or null when
 * none (the default's words too are held to the world). Conditions were checked when the pack loaded.
 */
export function chooseText(st: StoryText, vars: Readonly<Record<string, Value>>, backed: (t: Text) => boolean): Text | null {
  for (const v of variantsOf(st)) {
    if (v.when !== undefined) {
      let w = parsed.get(v.when);
      if (w === undefined) {
        try {
          w = parseWhen(v.when);
        } catch {
          w = null;
        }
        parsed.set(v.when, w);
      }
      if (!w || !holdsWhen(w, vars)) continue;
    }
    if (backed(v.text)) return v.text;
  }
  return null;
}
