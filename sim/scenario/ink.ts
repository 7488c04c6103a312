import { readFile } from 'node:fs/promises';
import { readPackJson } from './json.ts';
import path from 'node:path';
import { Compiler, CompilerOptions } from 'inkjs/full';
import type { Binding, LoadedStory, StoryFile } from '../model/session.ts';
import { parseWhen, type StoryText, WhenSyntax, type WhenType, whenProblem } from '../model/story-text.ts';
import { ToolCall } from '../model/tools.ts';
import { jsonPath, type PackIssue } from './errors.ts';
import { type At, contentCheck, type PackRefs, refCheck, wordsOf } from './refs.ts';
import { inkReach } from './ink-reach.ts';

/** The loaded story (null when there is none or it does not hold), its problems, and its ink text for the pack's hash. */
export interface InkResult {
  story: LoadedStory | null;
  issues: PackIssue[];
  raw: [string, string] | null;
}

const KNOT = /^\s*={2,}\s*(?:function\s+)?([A-Za-z_]\w*)/;
const VAR = /^\s*VAR\s+([A-Za-z_]\w*)\s*=/;
const TAG = /#\s*(chapter|situation|ending)\s*:\s*([^\s#]*)/g;
const CHOICE = /^\s*([*+]\s*)+/;
// an assignment in a logic line: `~ x = ..`, `~ x += ..`, `~ x++`
const ASSIGN = /^\s*~\s*(?:temp\s+)?([A-Za-z_]\w*)\s*(?:=(?!=)|\+=|-=|\+\+|--)/;

/**
 * Read and compile the pack's ink story (docs/design.md, The story) when the pack loads. Everything an author can get
 * wrong is a pack issue naming the file, where in it and why: an ink syntax error with its line, a tag
 * or choice naming an id story.json does not declare, a binding to a variable the ink does not
 * declare, an assignment to a bound variable (the world changes only through the Judge, so the ink
 * may read a bound variable and never write it), a choice's call that is no valid call, and every id
 * story.json names (a binding's person, item or quest, a choice's place, person, thing, template,
 * mode, manner, channel, purpose or content key with its parameters) unknown to the pack, and a story
 * text's variant whose condition does not read.
 */
export async function loadInk(dir: string, file: StoryFile | null, refs: PackRefs): Promise<InkResult> {
  if (!file) return { story: null, issues: [], raw: null };
  const issues: PackIssue[] = [];
  const at = (f: string, where: string, key: string, params?: Record<string, string | number>) =>
    issues.push({ file: f, path: where, reason: params ? { key: `pack.${key}`, params } : { key: `pack.${key}` } });
  const json = (p: PropertyKey[]) => jsonPath(p);
  const source = await readFile(path.join(dir, file.ink), 'utf8').catch(() => null);
  if (source === null) {
    at('story.json', json(['ink']), 'ink_missing', { file: file.ink });
    return { story: null, issues, raw: null };
  }
  const ink = file.ink;
  const line = (n: number) => `line ${n}`;
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  const knots = new Set<string>();
  const variables: string[] = [];
  lines.forEach((l) => {
    const k = KNOT.exec(l);
    if (k) knots.add(k[1]);
    const v = VAR.exec(l);
    if (v) variables.push(v[1]);
  });
  const has = (table: Record<string, unknown>, id: string) => Object.prototype.hasOwnProperty.call(table, id);
  const bound = new Set(Object.keys(file.bindings));
  lines.forEach((l, i) => {
    const code = l.replace(/\/\/.*$/, '');
    for (const m of code.matchAll(TAG)) {
      const [, kind, id] = m;
      const table = kind === 'chapter' ? file.chapters : kind === 'situation' ? file.situations : file.endings;
      if (!has(table, id))
        at(ink, line(i + 1), 'ink_unknown_tag', {
          kind,
          id,
          list: `${kind === 'chapter' ? 'chapters' : kind === 'situation' ? 'situations' : 'endings'}`,
        });
    }
    if (CHOICE.test(code)) {
      // a choice is an id in brackets: its words are story.json's, in both languages
      const rest = code
        .replace(CHOICE, '')
        .replace(/^\s*\([^)]*\)\s*/, '')
        .replace(/^(\s*\{[^}]*\}\s*)+/, '');
      const m = /^\s*\[\s*([^\]]*?)\s*\]/.exec(rest);
      if (!m) at(ink, line(i + 1), 'ink_choice_form');
      else if (!has(file.choices, m[1])) at(ink, line(i + 1), 'ink_unknown_choice', { id: m[1] });
    }
    const a = ASSIGN.exec(code);
    if (a && bound.has(a[1])) at(ink, line(i + 1), 'ink_assigns_bound', { name: a[1] });
  });
  for (const id of Object.keys(file.chapters))
    if (!knots.has(id)) at('story.json', json(['chapters', id]), 'ink_chapter_knot', { id, file: ink });
  const ref: At = (f, p, key, params) => at(f, jsonPath(p), key, params);
  for (const [name, b] of Object.entries(file.bindings)) {
    if (!variables.includes(name)) at('story.json', json(['bindings', name]), 'ink_unbound', { name, file: ink });
    const here = ['bindings', name];
    if (b.measure === 'relation') refCheck(ref, 'story.json', [...here, 'with'], 'unknown_actor', b.with, refs.actors);
    if (b.measure === 'known' && b.about !== 'self') refCheck(ref, 'story.json', [...here, 'about'], 'unknown_actor', b.about, refs.actors);
    if (b.measure === 'item') refCheck(ref, 'story.json', [...here, 'item'], 'unknown_item', b.item, refs.items);
    if (b.measure === 'quest') refCheck(ref, 'story.json', [...here, 'quest'], 'unknown_quest', b.quest, refs.quests);
  }
  storyTexts(file, refs, (where, key, params) => at('story.json', json(where), key, params));
  if (file.score !== undefined && !variables.includes(file.score))
    at('story.json', json(['score']), 'ink_unbound', { name: file.score, file: ink });
  for (const [id, c] of Object.entries(file.choices)) choiceChecks(id, c.call, refs, ref, issues);
  const compiled = compile(source, ink, issues);
  // a situation no ending can be reached from is an error; the story's warnings are packWarnings'
  if (compiled !== null) issues.push(...inkReach({ ...file, source, compiled }, refs.places).errors);
  if (issues.length || compiled === null) return { story: null, issues, raw: [ink, source] };
  return { story: { ...file, source, compiled, variables }, issues, raw: [ink, source] };
}

const KIND: Record<Binding['measure'], WhenType> = {
  money: 'number',
  energy: 'number',
  reputation: 'number',
  tick: 'number',
  day: 'number',
  item: 'number',
  relation: 'number',
  known: 'number',
  tag: 'boolean',
  place: 'string',
  quest: 'string',
};
const QUEST_STATES: ReadonlySet<string> = new Set(['none', 'offered', 'taken', 'completed', 'failed']);

/**
 * Every story text with variants (story-text.ts) read as the story will read it: each `when` a
 * condition over the bound variables that parses, names only bound variables, compares like with
 * like (and a place or a quest's state with one it can hold); the last variant, and only the last,
 * has no `when` (the default).
 */
function storyTexts(
  file: StoryFile,
  refs: PackRefs,
  at: (where: PropertyKey[], key: string, params?: Record<string, string | number>) => void,
): void {
  const types: Record<string, WhenType> = {};
  const values: Record<string, ReadonlySet<string>> = {};
  for (const [name, b] of Object.entries(file.bindings)) {
    types[name] = KIND[b.measure];
    if (b.measure === 'place' && refs.places) values[name] = refs.places;
    if (b.measure === 'quest') values[name] = QUEST_STATES;
  }
  const texts: [PropertyKey[], StoryText][] = [];
  for (const table of ['chapters', 'situations'] as const)
    for (const [id, x] of Object.entries(file[table])) texts.push([[table, id, 'name'], x.name]);
  for (const [id, e] of Object.entries(file.endings))
    texts.push([['endings', id, 'name'], e.name], [['endings', id, 'summary'], e.summary]);
  for (const [where, st] of texts) {
    if (!Array.isArray(st)) continue;
    st.forEach((v, i) => {
      const last = i === st.length - 1;
      if (v.when === undefined) {
        if (!last) at([...where, i], 'story_text_unreachable');
        return;
      }
      if (last) at([...where, i, 'when'], 'story_text_default');
      let w;
      try {
        w = parseWhen(v.when);
      } catch (err) {
        const n = err instanceof WhenSyntax ? err.at : 0;
        at([...where, i, 'when'], 'story_when_syntax', { when: v.when, at: n + 1 });
        return;
      }
      const problem = whenProblem(w, types, values);
      if (problem) at([...where, i, 'when'], problem.key, { when: v.when, ...problem.params });
    });
  }
}

/** inkjs's compiler; its errors read `ERROR: line 3: ...`, each becomes an issue at that line of the ink file. */
function compile(source: string, file: string, issues: PackIssue[]): string | null {
  const errors: string[] = [];
  const onError = (message: string, type: number) => {
    if (type === 2) errors.push(message);
  };
  let out: string | null = null;
  try {
    out = new Compiler(source, new CompilerOptions(null, [], false, onError)).Compile().ToJson() ?? null;
  } catch (err) {
    if (!errors.length) errors.push((err as Error).message);
  }
  for (const e of errors) {
    const m = /^(?:ERROR:\s*)?(?:line (\d+):\s*)?([\s\S]*)$/.exec(e)!;
    issues.push({ file, path: m[1] ? `line ${m[1]}` : '$', reason: { key: 'pack.ink_syntax', params: { detail: m[2].trim() } } });
  }
  return errors.length ? null : out;
}

/**
 * The call a player makes by taking a choice, read as a player's call would be (actor and id are filled
 * in then), and every id in it one the pack has: what the Judge would refuse later is refused at load.
 */
function choiceChecks(id: string, raw: StoryFile['choices'][string]['call'], refs: PackRefs, at: At, issues: PackIssue[]): void {
  const here = ['choices', id, 'call'];
  const parsed = ToolCall.safeParse({ id: 'x', actor: 'x', tool: raw.tool, args: raw.args });
  if (!parsed.success) {
    for (const i of parsed.error.issues)
      issues.push({ file: 'story.json', path: jsonPath([...here, ...i.path]), reason: { text: i.message } });
    return;
  }
  const call = parsed.data;
  const arg = (name: string, key: string, value: string, known: Set<string> | null) =>
    refCheck(at, 'story.json', [...here, 'args', name], key, value, known);
  const item = (name: string, resource: string) => {
    if (resource.startsWith('item:')) arg(name, 'unknown_item', resource.slice(5), refs.items);
  };
  // what a call may be aimed at: a person, a thing or a place
  const targets = () => (refs.actors && refs.places ? new Set([...refs.actors, ...refs.entities, ...refs.places]) : null);
  switch (call.tool) {
    case 'move':
      arg('destination', 'unknown_place', call.args.destination, refs.places);
      arg('mode', 'unknown_mode', call.args.mode, wordsOf(refs, 'modes'));
      return;
    case 'interact':
      arg('target', 'unknown_target', call.args.target, targets());
      arg('manner', 'unknown_manner', call.args.manner, wordsOf(refs, 'manners'));
      contentCheck(call.args.content, 'story.json', [...here, 'args', 'content'], refs, at);
      return;
    case 'express':
      arg('channel', 'unknown_channel', call.args.channel, wordsOf(refs, 'channels'));
      if (call.args.to !== undefined) arg('to', 'unknown_actor', call.args.to, refs.actors);
      contentCheck(call.args.content, 'story.json', [...here, 'args', 'content'], refs, at);
      return;
    case 'use_resource':
      item('resource', call.args.resource);
      // the Judge takes an undeclared purpose as plain spending; in a pack's own story it is a slip of the pen
      arg('purpose', 'unknown_purpose', call.args.purpose, wordsOf(refs, 'purposes'));
      if (call.args.target !== undefined) arg('target', 'unknown_target', call.args.target, targets());
      return;
    case 'create':
      arg('what', 'unknown_template', call.args.what, refs.templates);
      arg('where', 'unknown_place', call.args.where, refs.places);
      if (call.args.about !== undefined) arg('about', 'unknown_actor', call.args.about, refs.actors);
      return;
  }
}

export const INK_FILE = /^[A-Za-z0-9_-]{1,64}\.ink$/;

/** The ink file a pack folder's story.json names (a plain file name in the folder), or null: for copying a pack whole. */
export async function inkFileOf(dir: string): Promise<string | null> {
  const read = await readPackJson(dir, 'story.json');
  if (read.kind !== 'ok') return null;
  const ink = (read.json as { ink?: unknown } | null)?.ink;
  return typeof ink === 'string' && INK_FILE.test(ink) ? ink : null;
}
