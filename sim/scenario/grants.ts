import type { StoryFile } from '../model/session.ts';
import { judgedTag } from '../model/harm.ts';
import { own } from '../model/ids.ts';
import { skillTag } from '../model/skills.ts';
import type { ParsedPack } from './crossref.ts';
import { jsonPath, type PackIssue } from './errors.ts';
import { knownList } from './refs.ts';

/** The tag the Judge's clock puts on one who fell for want of energy (sim/judge/clock.ts). */
const COLLAPSED = 'collapsed';

/**
 * Every tag someone of the pack can come to hold: one a person starts with, a class's skill, a harm or
 * the mark of the caught (the dice deal them), a job's tag (hiring), one a director's template adds (a
 * harm from it is refused, ./director.ts says so), one the story's bindings set, and the clock's
 * `collapsed`. Null while a file it reads did not parse (nothing is said against it).
 */
export function tagsToBeHad(s: ParsedPack, story: StoryFile | null, classes = true): Set<string> | null {
  if (!s.actors || !s.templates || !s.vocabulary) return null;
  const out = new Set<string>([COLLAPSED]);
  for (const a of s.actors) for (const t of a.body.tags) out.add(t);
  if (classes) for (const t of s.templates) for (const e of t.effects) if (e.type === 'class') out.add(skillTag(e.skill));
  for (const t of Object.keys(s.vocabulary.harm.tags)) out.add(t);
  if (s.vocabulary.harm.restrain?.tag) out.add(s.vocabulary.harm.restrain.tag);
  for (const t of s.director?.templates ?? [])
    for (const c of t.changes) if (c.type === 'tag_added' && !judgedTag(s.vocabulary.harm, c.tag)) out.add(c.tag);
  for (const b of Object.values(story?.bindings ?? {})) if (b.measure === 'tag' && !b.prefix) out.add(b.tag);
  return out;
}

/** Whether a tag is a job's, `job:<job>:<employer>`, of a job the pack declares: hiring gives it. */
const jobTag = (s: ParsedPack, tag: string) => tag.startsWith('job:') && (s.meta?.jobs ?? []).some((j) => tag.startsWith(`job:${j.id}:`));

/**
 * A template's `requires` tag nobody can come to hold: the thing could never be made. An error, with the
 * tags that can be had and the fix.
 */
export function requiresChecks(s: ParsedPack, story: StoryFile | null): PackIssue[] {
  const had = tagsToBeHad(s, story);
  if (!had) return [];
  const out: PackIssue[] = [];
  s.templates?.forEach((t, i) =>
    t.effects.forEach((e, j) => {
      if (e.type !== 'requires' || e.tag === undefined || had.has(e.tag) || jobTag(s, e.tag)) return;
      out.push({
        file: 'templates.json',
        path: jsonPath(['templates', i, 'effects', j, 'tag']),
        reason: { key: 'pack.requires_tag_unheld', params: { tag: e.tag, template: t.id, known: knownList(had) } },
      });
    }),
  );
  return out;
}

/**
 * Whether someone can know a skill without any class: a `skill:` tag held or given, or the thing itself in
 * hand (the Judge's `knowsSkill`), held at the start or sold at a place.
 */
function knowable(s: ParsedPack, given: Set<string>, skill: string): boolean {
  return (
    given.has(skillTag(skill)) ||
    (s.places ?? []).some((p) => p.sells.includes(skill)) ||
    (s.actors ?? []).some((a) => (a.body.inventory[skill] ?? 0) > 0)
  );
}

/** Who may open any class: a role that permits `teach`. */
function teachers(s: ParsedPack): string[] {
  const v = s.vocabulary;
  return v ? (s.actors ?? []).filter((a) => a.roles.some((r) => own(v.roles, r)?.permits.includes('teach'))).map((a) => a.id) : [];
}

/**
 * A class nobody can open: nobody can know its skill (`knowable`) and no role teaches anything.
 * The Judge refuses every attempt (`lacks_skill`), so it is an error.
 */
export function classChecks(s: ParsedPack, story: StoryFile | null): PackIssue[] {
  const given = tagsToBeHad(s, story, false);
  if (!given || teachers(s).length) return [];
  const out: PackIssue[] = [];
  s.templates?.forEach((t, i) =>
    t.effects.forEach((e, j) => {
      if (e.type === 'class' && !knowable(s, given, e.skill))
        out.push({
          file: 'templates.json',
          path: jsonPath(['templates', i, 'effects', j, 'skill']),
          reason: { key: 'pack.nobody_teaches', params: { skill: e.skill } },
        });
    }),
  );
  return out;
}

/**
 * A class whose skill nobody of the pack knows (no `skill:` tag, the thing in no one's hands, no item of
 * that id to buy, no director or story that gives it): only a role that teaches anything can open it, and
 * what it teaches nobody in the world ever practised. The pack runs (the Judge lets such a role teach), so
 * `validate` warns; with no such role either it is the error `nobody_teaches` (`classChecks`).
 */
export function classWarnings(s: ParsedPack, story: StoryFile | null): PackIssue[] {
  // what is held or given without any class: a class cannot be the first to know its own skill
  const given = tagsToBeHad(s, story, false);
  const who = teachers(s);
  if (!given || !who.length) return [];
  const known = [...given].filter((t) => t.startsWith('skill:')).map((t) => t.slice(6));
  const out: PackIssue[] = [];
  s.templates?.forEach((t, i) =>
    t.effects.forEach((e, j) => {
      if (e.type !== 'class' || knowable(s, given, e.skill)) return;
      out.push({
        file: 'templates.json',
        path: jsonPath(['templates', i, 'effects', j, 'skill']),
        reason: {
          key: 'pack.class_skill_unheld',
          params: { skill: e.skill, template: t.id, teachers: knownList(who), known: knownList(known) },
        },
      });
    }),
  );
  return out;
}
