import type { Binding, StoryFile } from '../model/session.ts';
import type { PackIssue } from './errors.ts';
import { jsonPath } from './errors.ts';
import { knownList } from './refs.ts';

/**
 * Whether the pack's story can end (docs/design.md, The story): a static walk of the compiled ink's
 * flow (inkjs JSON), every divert and choice taken as possible except where a condition on a variable
 * bound to the world can never hold in this pack's world (a place the pack has no such id for, a
 * quest state no quest ever is, a relation past ±100).
 *
 * The walk is generous on purpose, so that what it reports is certain: a condition it cannot read
 * may hold, a choice may be taken again, and a situation is judged from every position the story
 * may stand at when it shows it (the point after a choice, or the story's start: each evaluation
 * re-runs the ink from there with the world as it then is, so a branch before the situation counts
 * as a way out of it too).
 *
 * - A situation from which no ending is reachable is an error: a player who gets there plays on with
 *   a story that can never end, whatever they do, as surely broken as a choice naming an unknown place.
 * - An ending nothing reaches is a warning: no player is stuck by it, its words are just never read.
 * - A comparison that can never hold is a warning: the ink runs, but that branch is dead.
 */
export function inkReach(
  story: Pick<StoryFile, 'ink' | 'bindings' | 'endings'> & { source: string; compiled: string },
  places: ReadonlySet<string> | null,
): {
  errors: PackIssue[];
  warnings: PackIssue[];
} {
  let root: Box;
  try {
    root = parse((JSON.parse(story.compiled) as { root: unknown[] }).root, null, null, 'root');
  } catch {
    return { errors: [], warnings: [] };
  }
  const g = new Graph(root, domains(story.bindings, places));
  const src = new Source(story.source);
  const file = story.ink;
  const errors: PackIssue[] = [];
  const warnings: PackIssue[] = [];
  const issue = (into: PackIssue[], line: number | null, key: string, params: Record<string, string>) =>
    into.push({ file, path: line ? `line ${line}` : '$', reason: { key: `pack.${key}`, params } });

  const isEnding = (p: Ptr) => g.tag(p)?.kind === 'ending';
  const start: Ptr = { box: root, i: 0 };
  const fromStart = g.reach([start], true);
  // where a story can stand between evaluations: its start, and the point after each choice it can take
  const positions = [start, ...g.choiceTargets.filter((p) => fromStart.has(key(p)))];
  const flow = positions.map((p) => g.reach([p], false));
  const canEnd = g.reaching(fromStart, isEnding);

  // situations: each tag the story can reach, judged from every position whose evaluation can pass it
  const said = new Set<string>();
  for (const s of g.tagged) {
    const tag = g.tag(s)!;
    const where = label(s.box);
    if (tag.kind !== 'situation' || said.has(`${tag.id}\u0000${where}`)) continue;
    const line = src.lineOf(s.box, tagLine('situation', tag.id));
    const from = positions.flatMap((_, n) => (flow[n].has(key(s)) ? [n] : []));
    if (!fromStart.has(key(s))) {
      said.add(`${tag.id}\u0000${where}`);
      issue(warnings, line, 'ink_situation_unreached', { id: tag.id, knot: where || file });
      continue;
    }
    if (from.some((n) => canEnd.has(key(positions[n])))) continue;
    said.add(`${tag.id}\u0000${where}`);
    const entries = from.map((n) => positions[n]);
    const seen = [...g.reach(entries, true).values()];
    const reached = [...new Set(seen.flatMap((p) => (g.tag(p)?.kind === 'situation' ? [g.tag(p)!.id] : [])))].sort();
    issue(errors, line, 'ink_no_ending', { situation: tag.id, knot: where || file, reached: knownList(reached) });
  }

  // endings: each declared one must have a tag the story's start can reach
  const reachedEndings = new Set([...fromStart.values()].flatMap((p) => (isEnding(p) ? [g.tag(p)!.id] : [])));
  const taggedEndings = new Map<string, Ptr>();
  for (const p of g.tagged) if (isEnding(p) && !taggedEndings.has(g.tag(p)!.id)) taggedEndings.set(g.tag(p)!.id, p);
  for (const id of Object.keys(story.endings)) {
    const p = taggedEndings.get(id);
    if (!p)
      warnings.push({
        file: 'story.json',
        path: jsonPath(['endings', id]),
        reason: { key: 'pack.ink_ending_untagged', params: { id, file } },
      });
    else if (!reachedEndings.has(id))
      issue(warnings, src.lineOf(p.box, tagLine('ending', id)), 'ink_ending_unreached', { id, knot: label(p.box) || file });
  }

  // comparisons that can never hold, once each where they are written
  const told = new Set<string>();
  for (const n of g.never) {
    const where = label(n.box);
    const cond = n.text;
    if (told.has(`${where}\u0000${cond}`)) continue;
    told.add(`${where}\u0000${cond}`);
    const d = n.dom;
    const params: Record<string, string> = { cond, name: n.name, knot: where || file };
    const line = src.lineOf(n.box, (l) => l.includes(n.name) && l.includes(n.literal));
    if (d.kind === 'str')
      issue(warnings, line, d.pattern ? 'ink_never_place' : 'ink_never_one_of', { ...params, values: knownList(d.values) });
    else if (d.hi === Infinity) issue(warnings, line, 'ink_never_at_least', { ...params, lo: String(d.lo) });
    else issue(warnings, line, 'ink_never_between', { ...params, lo: String(d.lo), hi: String(d.hi) });
  }
  return { errors, warnings };
}

/** A container of the compiled ink: its content, its named sub-containers, and the knot and stitch it belongs to. */
interface Box {
  items: unknown[];
  named: Map<string, Box>;
  parent: Box | null;
  /** where this box stands in its parent's content, -1 when it is only named (a knot, a stitch, a choice's content) */
  at: number;
  knot: string | null;
  stitch: string | null;
  id: number;
}

interface Ptr {
  box: Box;
  i: number;
}

const key = (p: Ptr) => `${p.box.id}:${p.i}`;
const label = (b: Box) => (b.knot ? (b.stitch ? `${b.knot}.${b.stitch}` : b.knot) : '');
const tagLine = (kind: string, id: string) => (l: string) =>
  new RegExp(`#\\s*${kind}\\s*:\\s*${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`).test(l);

/** An ink JSON container: its items, then null or a dict of named containers and flags (the ink JSON format). */
function parse(raw: unknown[], parent: Box | null, at: number | null, name: string, count = { boxes: 0 }): Box {
  const last = raw[raw.length - 1];
  const box: Box = {
    items: raw.slice(0, -1),
    named: new Map(),
    parent,
    at: at ?? -1,
    knot: parent?.knot ?? null,
    stitch: parent?.stitch ?? null,
    id: count.boxes++,
  };
  // a named-only child of the root is a knot, of a knot a stitch; deeper ones keep their knot's and stitch's names
  if (parent && at === null && parent.parent === null) box.knot = name;
  else if (parent && at === null && parent.at === -1 && parent.parent?.parent === null) box.stitch = name;
  box.items = box.items.map((x, i) => {
    if (!Array.isArray(x)) return x;
    const child = parse(x, box, i, '', count);
    const n = (x[x.length - 1] as Record<string, unknown> | null)?.['#n'];
    if (typeof n === 'string') box.named.set(n, child);
    return child;
  });
  if (last && typeof last === 'object')
    for (const [k, v] of Object.entries(last as Record<string, unknown>))
      if (!k.startsWith('#') && Array.isArray(v) && k !== 'global decl') box.named.set(k, parse(v, box, null, k, count));
  return box;
}

type Dom = { kind: 'str'; values: string[]; pattern: RegExp | null } | { kind: 'num'; lo: number; hi: number } | { kind: 'bool' };

/** What the player's quest of a pack's quest can be (world-engine/story/bind.ts): 'none' until there is one. */
const QUEST_STATES = ['none', 'offered', 'taken', 'completed', 'failed'];
// places made as the world runs are named by the Judge (sim/judge/draft.ts)
const MADE_PLACE = /^p:\d+$/;

/**
 * What each bound variable can hold in this pack's world, where that is certain: a place's id, a
 * quest's state, a relation or reputation within ±100, counts from 0, days from 1. Money and energy
 * have no bound the walk relies on.
 */
function domains(bindings: Record<string, Binding>, places: ReadonlySet<string> | null): Map<string, Dom> {
  const out = new Map<string, Dom>();
  const num = (lo: number, hi = Infinity): Dom => ({ kind: 'num', lo, hi });
  for (const [name, b] of Object.entries(bindings)) {
    const d: Dom | null =
      b.measure === 'place'
        ? places && { kind: 'str', values: [...places], pattern: MADE_PLACE }
        : b.measure === 'quest'
          ? { kind: 'str', values: QUEST_STATES, pattern: null }
          : b.measure === 'tag'
            ? { kind: 'bool' }
            : b.measure === 'relation' || b.measure === 'reputation'
              ? num(-100, 100)
              : b.measure === 'known' || b.measure === 'item' || b.measure === 'tick'
                ? num(0)
                : b.measure === 'day'
                  ? num(1)
                  : null;
    if (d) out.set(name, d);
  }
  return out;
}

/** A value on ink's evaluation stack as far as the walk knows it: a literal, a bound variable, a truth, or nothing known. */
type Val =
  { k: 'lit'; v: number | string | boolean } | { k: 'var'; name: string; dom: Dom } | { k: 'truth'; t: boolean | null } | { k: 'unknown' };
const UNKNOWN: Val = { k: 'unknown' };

/** A comparison of a bound variable with a literal that can never hold, where it is written. */
interface Never {
  box: Box;
  name: string;
  literal: string;
  text: string;
  dom: Exclude<Dom, { kind: 'bool' }>;
}

const FLIP: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=', '==': '==', '!=': '!=' };
const UNARY = new Set([
  '_',
  '!',
  'FLOOR',
  'CEILING',
  'INT',
  'FLOAT',
  'LIST_MIN',
  'LIST_MAX',
  'LIST_ALL',
  'LIST_COUNT',
  'LIST_VALUE',
  'LIST_INVERT',
]);
const BINARY = new Set(['+', '-', '/', '*', '%', '==', '>', '<', '>=', '<=', '!=', '&&', '||', 'MIN', 'MAX', 'POW', '?', '!?', '^', 'L^']);

/** The compiled ink's flow: the steps from each point without the player, the choices offered there, and the tags said there. */
class Graph {
  readonly choiceTargets: Ptr[] = [];
  readonly tagged: Ptr[] = [];
  readonly never: Never[] = [];
  private readonly tags = new Map<string, { kind: string; id: string }>();
  private readonly memo = new Map<string, { flow: Ptr[]; choice: Ptr[] }>();
  private readonly knots: Ptr[] = [];
  private readonly conditions = new Map<string, boolean | null>();

  constructor(
    private readonly root: Box,
    private readonly doms: Map<string, Dom>,
  ) {
    const walk = (b: Box) => {
      if (b.at === -1 && (b.parent === root || (b.parent?.at === -1 && b.parent.parent === root))) this.knots.push({ box: b, i: 0 });
      b.items.forEach((x, i) => {
        if (isBox(x)) return walk(x);
        const text = x === '#' ? tagText(b.items, i) : isObj(x) && typeof x['#'] === 'string' ? x['#'] : null;
        const m = text === null ? null : /^\s*(chapter|situation|ending)\s*:\s*(\S+)\s*$/.exec(text);
        if (m) {
          this.tags.set(key({ box: b, i }), { kind: m[1], id: m[2] });
          this.tagged.push({ box: b, i });
        }
        if (isObj(x) && typeof x['*'] === 'string') {
          const t = this.resolve(b, x['*']);
          if (t) this.choiceTargets.push(t);
        }
        // every condition is read once, reached or not, so each one that can never hold is told
        if (isObj(x) && ((typeof x['->'] === 'string' && x.c === true) || (typeof x['*'] === 'string' && Number(x.flg) & 1)))
          this.condition(b, i);
      });
      for (const [, c] of b.named) if (c.at === -1) walk(c);
    };
    walk(root);
  }

  tag(p: Ptr) {
    return this.tags.get(key(p)) ?? null;
  }

  /** Every point reached from `from`, without the player's choices or with them. */
  reach(from: Ptr[], choices: boolean): Map<string, Ptr> {
    const seen = new Map<string, Ptr>();
    const todo = [...from];
    while (todo.length) {
      const p = todo.pop()!;
      if (seen.has(key(p))) continue;
      seen.set(key(p), p);
      const s = this.next(p);
      todo.push(...s.flow);
      if (choices) todo.push(...s.choice);
    }
    return seen;
  }

  /** Of the points in `among`, those from which some point `goal` holds for can be reached, choices included. */
  reaching(among: Map<string, Ptr>, goal: (p: Ptr) => boolean): Set<string> {
    const back = new Map<string, string[]>();
    for (const [k, p] of among) {
      const s = this.next(p);
      for (const q of [...s.flow, ...s.choice]) {
        const from = back.get(key(q));
        if (from) from.push(k);
        else back.set(key(q), [k]);
      }
    }
    const out = new Set<string>();
    const todo = [...among.values()].filter(goal).map(key);
    while (todo.length) {
      const k = todo.pop()!;
      if (out.has(k)) continue;
      out.add(k);
      todo.push(...(back.get(k) ?? []));
    }
    return out;
  }

  private next(p: Ptr): { flow: Ptr[]; choice: Ptr[] } {
    let s = this.memo.get(key(p));
    if (!s) {
      s = this.step(p);
      this.memo.set(key(p), s);
    }
    return s;
  }

  /** ink's own stepping (inkjs Story.IncrementContentPointer and the object at the pointer), read generously. */
  private step({ box, i }: Ptr): { flow: Ptr[]; choice: Ptr[] } {
    const none = { flow: [], choice: [] };
    if (i >= box.items.length) {
      // past a container's end the flow goes on after it in its parent; a named-only one (a knot) just stops
      if (!box.parent || box.at < 0) return none;
      return { flow: [{ box: box.parent, i: box.at + 1 }], choice: [] };
    }
    const x = box.items[i];
    const after: Ptr = { box, i: i + 1 };
    if (isBox(x)) return { flow: [{ box: x, i: 0 }], choice: [] };
    if (x === 'done' || x === 'end' || x === '->->' || x === '~ret') return none;
    if (!isObj(x)) return { flow: [after], choice: [] };
    if (typeof x['->'] === 'string') {
      const to = x.var === true ? this.knots : this.targets(box, x['->']);
      if (x.c !== true) return { flow: box.items[i - 1] === 'thread' ? [...to, after] : to, choice: [] };
      const t = this.condition(box, i);
      return { flow: [...(t === false ? [] : to), ...(t === true ? [] : [after])], choice: [] };
    }
    // a function call or a tunnel comes back to the next step
    for (const call of ['f()', '->t->'])
      if (typeof x[call] === 'string') return { flow: [...this.targets(box, x[call] as string), after], choice: [] };
    if (typeof x['*'] === 'string') {
      const flags = typeof x.flg === 'number' ? x.flg : 0;
      const t = flags & 1 ? this.condition(box, i) : null;
      const to = t === false ? [] : this.targets(box, x['*']);
      // an invisible default choice is taken by the ink itself when nothing else is offered
      return flags & 8 ? { flow: [...to, after], choice: [] } : { flow: [after], choice: to };
    }
    return { flow: [after], choice: [] };
  }

  private targets(from: Box, path: string): Ptr[] {
    const t = this.resolve(from, path);
    // a path the walk cannot follow could lead anywhere
    return t ? [t] : this.knots;
  }

  /** An ink path from an object in `from` (inkjs InkObject.ResolvePath): `.^` climbs, a number indexes, a name names. */
  private resolve(from: Box, path: string): Ptr | null {
    const rel = path.startsWith('.');
    const parts = (rel ? path.slice(1) : path).split('.');
    let b: Box | null = rel ? from : this.root;
    // a relative path is read from the object's container: its first `^` is that step
    if (rel) parts.shift();
    for (let n = 0; n < parts.length; n++) {
      const c = parts[n];
      if (!b) return null;
      if (c === '^') b = b.parent;
      else if (/^\d+$/.test(c)) {
        const x: unknown = b.items[Number(c)];
        if (n === parts.length - 1) return { box: b, i: Number(c) };
        if (!isBox(x)) return null;
        b = x;
      } else b = b.named.get(c) ?? null;
    }
    return b ? { box: b, i: 0 } : null;
  }

  /**
   * The truth of the condition a conditional divert or choice at `i` pops: the evaluation block just
   * before it, read back through the containers it sits first in. Null when it may hold or not.
   */
  private condition(box: Box, i: number): boolean | null {
    const k = key({ box, i });
    if (!this.conditions.has(k)) this.conditions.set(k, this.read(box, i));
    return this.conditions.get(k)!;
  }

  private read(box: Box, i: number): boolean | null {
    const back: unknown[] = [];
    let b = box;
    let j = i - 1;
    for (;;) {
      if (j < 0) {
        if (!b.parent || b.at < 0) return null;
        j = b.at - 1;
        b = b.parent;
        continue;
      }
      const x = b.items[j];
      if (isBox(x) || back.length > 64) return null;
      back.push(x);
      if (x === 'ev') break;
      j--;
    }
    if (back[0] !== '/ev') return null;
    const top = this.evaluate(back.slice(1, -1).reverse(), box);
    return top ? truth(top) : null;
  }

  /** ink's evaluation stack over one block, knowing only literals, bound variables and comparisons of the two. */
  private evaluate(ops: unknown[], box: Box): Val | null {
    const stack: Val[] = [];
    const pop = () => stack.pop();
    for (let n = 0; n < ops.length; n++) {
      const x = ops[n];
      if (typeof x === 'number' || typeof x === 'boolean') stack.push({ k: 'lit', v: x });
      else if (x === 'str') {
        let text = '';
        for (n++; n < ops.length && ops[n] !== '/str'; n++) {
          const t = ops[n];
          if (typeof t !== 'string' || !t.startsWith('^')) return null;
          text += t.slice(1);
        }
        stack.push({ k: 'lit', v: text });
      } else if (isObj(x) && typeof x['VAR?'] === 'string') {
        const dom = this.doms.get(x['VAR?']);
        stack.push(dom ? { k: 'var', name: x['VAR?'], dom } : UNKNOWN);
      } else if (isObj(x) && (typeof x['CNT?'] === 'string' || '^->' in x || '^var' in x)) stack.push(UNKNOWN);
      else if (x === 'visit' || x === 'turns' || x === 'choiceCnt') stack.push(UNKNOWN);
      else if (x === 'du') {
        const top = pop();
        if (!top) return null;
        stack.push(top, top);
      } else if (x === 'pop' || (isObj(x) && (typeof x['VAR='] === 'string' || typeof x['temp='] === 'string'))) {
        if (!pop()) return null;
      } else if (typeof x === 'string' && UNARY.has(x)) {
        const a = pop();
        if (!a) return null;
        stack.push(x === '!' ? not(a) : UNKNOWN);
      } else if (typeof x === 'string' && BINARY.has(x)) {
        const b = pop();
        const a = pop();
        if (!a || !b) return null;
        stack.push(this.binary(x, a, b, box));
      } else return null;
    }
    return stack.pop() ?? null;
  }

  private binary(op: string, a: Val, b: Val, box: Box): Val {
    if (op === '&&' || op === '||') {
      const [x, y] = [truth(a), truth(b)];
      if (op === '&&') return { k: 'truth', t: x === false || y === false ? false : x && y ? true : null };
      return { k: 'truth', t: x === true || y === true ? true : x === false && y === false ? false : null };
    }
    if (!(op in FLIP)) return UNKNOWN;
    const [v, lit, o] = a.k === 'var' && b.k === 'lit' ? [a, b, op] : b.k === 'var' && a.k === 'lit' ? [b, a, FLIP[op]] : [null, null, op];
    if (!v || !lit) return UNKNOWN;
    const t = compare(v.dom, o, lit.v);
    if (t === false && v.dom.kind !== 'bool') {
      const literal = typeof lit.v === 'string' ? JSON.stringify(lit.v) : String(lit.v);
      const text = a === v ? `${v.name} ${op} ${literal}` : `${literal} ${op} ${v.name}`;
      this.never.push({ box, name: v.name, literal, text, dom: v.dom });
    }
    return { k: 'truth', t };
  }
}

/** Whether `x <op> lit` holds for every value of the domain (true), none (false), or some (null). */
function compare(d: Dom, op: string, lit: number | string | boolean): boolean | null {
  if (d.kind === 'str' && typeof lit === 'string') {
    if (op !== '==' && op !== '!=') return null;
    const can = d.values.includes(lit) || (d.pattern?.test(lit) ?? false);
    const eq = can ? (d.values.length === 1 && !d.pattern ? true : null) : false;
    return op === '==' ? eq : eq === null ? null : !eq;
  }
  if (d.kind !== 'num' || typeof lit !== 'number') return null;
  const { lo, hi } = d;
  const range = (always: boolean, never: boolean) => (always ? true : never ? false : null);
  switch (op) {
    case '==':
      return range(lo === hi && lo === lit, lit < lo || lit > hi);
    case '!=':
      return range(lit < lo || lit > hi, lo === hi && lo === lit);
    case '<':
      return range(hi < lit, lo >= lit);
    case '<=':
      return range(hi <= lit, lo > lit);
    case '>':
      return range(lo > lit, hi <= lit);
    case '>=':
      return range(lo >= lit, hi < lit);
  }
  return null;
}

function truth(v: Val): boolean | null {
  if (v.k === 'truth') return v.t;
  if (v.k === 'lit') return typeof v.v === 'string' ? null : Boolean(v.v);
  return null;
}

function not(v: Val): Val {
  const t = truth(v);
  return { k: 'truth', t: t === null ? null : !t };
}

const isBox = (x: unknown): x is Box => typeof x === 'object' && x !== null && 'items' in x && 'named' in x;
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x) && !isBox(x);

/** A tag's text: the plain strings between `#` and `/#` (null when part of it is computed). */
function tagText(items: unknown[], i: number): string | null {
  let text = '';
  for (let n = i + 1; n < items.length && items[n] !== '/#'; n++) {
    const t = items[n];
    if (typeof t !== 'string' || !t.startsWith('^')) return null;
    text += t.slice(1);
  }
  return text;
}

/** The ink source by knot and stitch, to name the line a finding is written on. */
class Source {
  private readonly lines: string[];
  private readonly heads: { line: number; knot: string | null; stitch: string | null }[] = [];

  constructor(text: string) {
    this.lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    let knot: string | null = null;
    this.heads.push({ line: 0, knot: null, stitch: null });
    this.lines.forEach((l, n) => {
      const k = /^\s*={2,}\s*(?:function\s+)?([A-Za-z_]\w*)/.exec(l);
      const s = /^\s*=(?!=)\s*([A-Za-z_]\w*)/.exec(l);
      if (k) {
        knot = k[1];
        this.heads.push({ line: n, knot, stitch: null });
      } else if (s) this.heads.push({ line: n, knot, stitch: s[1] });
    });
  }

  /** The first line (1-based) of the box's knot or stitch that `match` holds for, comments aside; null when none does. */
  lineOf(box: Box, match: (line: string) => boolean): number | null {
    const h = this.heads.findIndex((x) => x.knot === box.knot && x.stitch === box.stitch);
    if (h < 0) return null;
    const end = this.heads[h + 1]?.line ?? this.lines.length;
    for (let n = this.heads[h].line; n < end; n++) if (match(this.lines[n].replace(/\/\/.*$/, ''))) return n + 1;
    return null;
  }
}
