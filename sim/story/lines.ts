import { argued, declared, describeEvent, rollParams } from '../i18n/describe.ts';
import type { Renderer } from '../i18n/render.ts';
import { Names } from '../i18n/names.ts';
import { hasKey } from '../i18n/translator.ts';
import type { Event, EventOf, EventType } from '../model/events.ts';
import { parseJobTag } from '../model/jobs.ts';
import { type Message, ref } from '../model/text.ts';
import type { StoryKind } from './types.ts';
import { own } from '../model/ids.ts';
import { questLines } from './quest-lines.ts';
import { endingWords } from './ending.ts';
import { defaultText, type StoryText } from '../model/story-text.ts';

/** A story word as committed with its event, else the pack's default (a log from before the words had variants); never the id. */
const defaultOf = (st: StoryText | undefined) => (st ? defaultText(st) : null);

/** Who the story is about, and whose call (aimed at them) is being judged when the event comes. */
export interface LineCtx {
  me: string;
  cause: string | null;
  /** where they stand, as the story's fold has it */ place?: string;
}
export type Part = readonly [StoryKind, string] | null;
type Entry<T extends EventType> = (r: Renderer, c: LineCtx, e: EventOf<T>) => Part;
/** Every event type has an entry, so a new event type cannot be forgotten (tsc checks). */
type Table = { [T in EventType]: Entry<T> };

const t = (r: Renderer, key: string, p: Record<string, unknown> = {}) => r.t(`story.${key}`, p);
/** A reason code in plain words: the story's own words, then the shared terms, then the code. */
const why = (r: Renderer, reason: string) => (hasKey(r.lang, `story.why.${reason}`) ? r.t(`story.why.${reason}`) : r.param(reason));
/** A money source or sink by the pack's own name for it. */
const books = (r: Renderer, side: 'sources' | 'sinks', id: string) =>
  r.text(r.cat.scenario.meta.rules.money[side].find((x) => x.id === id)?.name) || why(r, id);
const resource = (r: Renderer, res: string) => (res.startsWith('item:') ? r.param(ref('item', res.slice(5))) : r.param(res));
const amountOf = (r: Renderer, res: string, n: number) => (res === 'money' ? r.money(n) : `${n} ${resource(r, res)}`);
/** " (because of NAME)" when another's call caused it */
const byWhom = (r: Renderer, c: LineCtx) => (c.cause && c.cause !== c.me ? t(r, 'by', { actor: r.actor(c.cause) }) : '');
const none = (): Part => null;

const TABLE: Table = {
  joined: (r, c, e) =>
    e.actor === c.me ? ['joined', t(r, 'joined', { place: r.place(e.place), money: r.money(e.money), energy: e.energy })] : null,
  action: (r, c, e) => (e.actor === c.me ? ['did', t(r, 'did', { what: describeEvent(r, e) ?? '' })] : null),
  call_failed: (r, c, e) =>
    e.actor === c.me ? ['failed', t(r, 'failed', { tool: r.param(e.failed.tool), reason: r.render(e.failed.reason.message) })] : null,
  // the clock's hunger runs every tick the player acts: the warning (and the collapse) say what matters
  needs: none,
  // a researcher's intervention is no line of a player's story: its effects are (a fact learned, a purse)
  intervened: none,
  intervention_refused: none,
  // the seat is the player's, not the character's: the feed says what became of them
  seat_freed: none,
  player_away: none,
  player_back: none,
  // quests: what the player is offered, takes, and how it ends (never the hidden risk)
  quest_offered: questLines.offered,
  quest_taken: questLines.taken,
  quest_progressed: questLines.progressed,
  quest_completed: questLines.completed,
  quest_failed: questLines.failed,
  // the director's proposals are the admin's; their effects are the player's lines
  director_proposed: none,
  phase_changed: none,
  // the story's own turns are shown by the story panel, not as lines
  story_started: none,
  story_turned: none,
  situation_scored: none,
  // except where it turns a page: a new chapter, and the ending with its summary (the pack's words)
  chapter_advanced: (r, c, e) =>
    e.actor === c.me
      ? [
          'status',
          r.t('story_ink.line.chapter', { chapter: r.text(e.name ?? defaultOf(own(r.cat.scenario.story?.chapters ?? {}, e.to)?.name)) }),
        ]
      : null,
  story_ended: (r, c, e) =>
    e.actor === c.me
      ? [
          'status',
          r.t('story_ink.line.ended', {
            ending: r.text(endingWords(r.cat, e).name),
            summary: r.text(endingWords(r.cat, e).summary),
          }),
        ]
      : null,
  // the body's warning to its owner (hungry, exhausted, collapsing): its feed line, as a line of the player's own
  warned: ownLine,
  trait_argued: (r, c, e) => (e.actor === c.me ? ['rolled', t(r, 'argued', argued(r, e))] : null),
  trait_declared: (r, c, e) => (e.actor === c.me ? ['tag', t(r, 'declared', declared(r, e))] : null),
  check_rolled: (r, c, e) => (e.actor === c.me ? ['rolled', t(r, 'rolled', rollParams(r, e))] : null),
  resource_changed(r, c, e) {
    if (e.actor !== c.me || e.delta === 0) return null;
    const key = e.delta > 0 ? 'gained' : 'spent';
    return ['body', t(r, key, { amount: amountOf(r, e.resource, Math.abs(e.delta)), why: why(r, e.reason) }) + byWhom(r, c)];
  },
  money_created: (r, c, e) =>
    e.to === c.me
      ? [
          'money',
          e.entity
            ? t(r, 'income', {
                amount: r.money(e.amount),
                entity: r.param(ref('template', r.state.entities[e.entity]?.template ?? e.entity)),
              })
            : t(r, 'earned', { amount: r.money(e.amount), why: books(r, 'sources', e.source) }),
        ]
      : null,
  money_destroyed: (r, c, e) =>
    e.from === c.me ? ['money', t(r, 'paid', { amount: r.money(e.amount), why: books(r, 'sinks', e.sink) })] : null,
  fund_paid_in: (r, c, e) =>
    e.from === c.me ? ['money', t(r, 'paid', { amount: r.money(e.amount), why: r.param(ref('fund', e.fund)) })] : null,
  fund_paid_out: (r, c, e) =>
    e.to === c.me ? ['money', t(r, 'earned', { amount: r.money(e.amount), why: r.param(ref('fund', e.fund)) })] : null,
  transfer(r, c, e) {
    const kind = e.resource === 'money' ? 'money' : 'body';
    const amount = amountOf(r, e.resource, e.amount);
    const [out, inn] = kind === 'money' ? ['paid_to', 'paid_by'] : ['gave', 'received'];
    if (e.from === c.me) return [kind, t(r, out, { other: r.actor(e.to), amount, why: why(r, e.reason) })];
    if (e.to === c.me) return [kind, t(r, inn, { other: r.actor(e.from), amount, why: why(r, e.reason) })];
    return null;
  },
  moved: (r, c, e) => (e.actor === c.me ? ['moved', t(r, 'moved', { place: r.place(e.to), mode: r.param(ref('mode', e.mode)) })] : null),
  entity_created(r, c, e) {
    if (e.by === c.me) return ['thing', t(r, 'made', { entity: r.entity(e.entity.id), place: r.place(e.entity.location) })];
    return e.entity.owner === c.me ? ['thing', t(r, 'yours_now', { entity: r.entity(e.entity.id) }) + byWhom(r, c)] : null;
  },
  entity_updated: none,
  entity_removed: (r, c, e) =>
    e.owner === c.me ? ['thing', t(r, 'removed', { template: r.param(ref('template', e.template)), why: why(r, e.reason) })] : null,
  reputation_changed: (r, c, e) =>
    e.actor === c.me && e.delta !== 0
      ? ['relation', t(r, e.delta > 0 ? 'standing_up' : 'standing_down', { why: why(r, e.reason) }) + byWhom(r, c)]
      : null,
  relationship_changed(r, c, e) {
    if (e.delta === 0) return null;
    if (e.to === c.me && e.from !== c.me) return ['relation', t(r, e.delta > 0 ? 'likes_you' : 'dislikes_you', { other: r.actor(e.from) })];
    return e.from === c.me && e.to !== c.me ? ['relation', t(r, e.delta > 0 ? 'warmer' : 'colder', { other: r.actor(e.to) })] : null;
  },
  tag_added(r, c, e) {
    if (e.actor !== c.me) return null;
    const job = parseJobTag(e.tag);
    if (job) return ['tag', t(r, 'hired', { job: r.param(ref('job', job.job)), employer: r.actor(job.employer) })];
    const tag = new Names(r).tag(e.tag);
    return tag ? ['tag', t(r, 'tag_added', { tag }) + byWhom(r, c)] : null;
  },
  tag_removed(r, c, e) {
    if (e.actor !== c.me) return null;
    const job = parseJobTag(e.tag);
    if (job) return ['tag', t(r, 'fired', { job: r.param(ref('job', job.job)), employer: r.actor(job.employer) })];
    const tag = new Names(r).tag(e.tag);
    return tag ? ['tag', t(r, 'tag_removed', { tag })] : null;
  },
  status_changed(r, c, e) {
    if (e.actor !== c.me) return null;
    const params = { status: r.param(e.to), why: why(r, e.reason) };
    // brought back by someone's call (a rescue): the rescuer by name
    if (c.cause && c.cause !== c.me) return ['status', t(r, 'status_by', { ...params, actor: r.actor(c.cause) })];
    return ['status', t(r, 'status', params)];
  },
  location_created: (r, c, e) =>
    e.by === c.me ? ['thing', t(r, 'new_place', { place: r.text(e.name), parent: r.place(e.parent) })] : null,
  fact_created: (r, c, e) => (e.fact.origin.actor === c.me ? ['said', t(r, 'rumour', { content: r.render(e.fact.content) })] : null),
  fact_learned(r, c, e) {
    if (e.actor === c.me) return ['learned', t(r, 'learned', { other: r.actor(e.from), content: r.param(ref('fact', e.fact)) })];
    return e.from === c.me && e.actor !== c.me ? ['learned', t(r, 'passed_on', { other: r.actor(e.actor) })] : null;
  },
  place_mood: none,
  addressed: (r, c, e) =>
    e.actor === c.me
      ? ['said', t(r, 'told', { actor: r.actor(e.by), manner: r.param(ref('manner', e.manner)), content: r.render(e.msg) })]
      : null,
  whispered: (r, c, e) => (e.actor === c.me ? ['said', t(r, 'whispered', { actor: r.actor(e.by), content: r.render(e.msg) })] : null),
  // the Judge's record of a claim is not the player's to see (sim/audience): they hear the words as they were said
  claimed: none,
  reflected: none,
  tick_summary: none,
  // the work's own line already says the employer could not pay
  unpaid: none,
};

/** The player's line for one event, or null when it does not touch them. */
export function lineOf(r: Renderer, c: LineCtx, e: Event): Part {
  return (TABLE[e.type] as Entry<EventType>)(r, c, e);
}

/**
 * For an event that belongs to one actor and reads as a line of its own (a warning): its message
 * when it carries one, else its feed line, as kind `body`. A table entry for such a type is `ownLine`.
 */
export function ownLine(r: Renderer, c: LineCtx, e: Event): Part {
  if (!('actor' in e) || e.actor !== c.me) return null;
  const m = (e as { msg?: unknown }).msg;
  const text = m && typeof m === 'object' ? r.render(m as Message) : describeEvent(r, e);
  return text ? ['body', text] : null;
}
