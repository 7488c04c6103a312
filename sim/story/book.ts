import { describeEvent } from '../i18n/describe.ts';
import { playerAudience } from '../audience/audience.ts';
import { sees } from '../audience/view.ts';
import { Renderer } from '../i18n/render.ts';
import type { EntityState, Event, EventOf } from '../model/events.ts';
import { msg, ref, type Text } from '../model/text.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { lineOf, type Part } from './lines.ts';
import type { NoticedLine, StoryLine } from './types.ts';
import { endsCall } from '../../world-engine/narrator/select.ts';

/** How long something seen at the player's place stays in what they notice (a move clears it), and how much of it. */
export const NOTICE_TICKS = 6;
export const NOTICE_MAX = 12;

/** What one tick added to one player's story (what they notice is read whole: `noticed`). */
export interface StoryDelta {
  lines: StoryLine[];
}

interface PlayerStory {
  me: string;
  place: string;
  cause: string | null;
  lines: StoryLine[];
  noticed: NoticedLine[];
  /** this tick's changes of feeling between the player and another, summed by direction and person until the tick closes */
  feelings: Map<string, EventOf<'relationship_changed'>>;
}

/**
 * Every player's story, a fold over committed events only: feeding the log tick by tick as it is
 * committed, or the whole log at once when the server starts, gives the same lines. Names are read
 * through a state whose things are every thing ever made (a thing removed later keeps its name), so a
 * line never depends on when it was rendered.
 */
export class StoryBook {
  private readonly stories = new Map<string, PlayerStory>();
  private readonly things: Record<string, EntityState> = Object.create(null);
  private readonly r: { cn: Renderer; en: Renderer };
  private tick = -1;

  constructor(
    readonly cat: Catalog,
    state: WorldState,
  ) {
    for (const e of cat.scenario.entities) {
      this.things[e.id] = {
        id: e.id,
        template: e.template,
        owner: e.owner,
        location: e.location,
        name: e.name ?? null,
        properties: {},
        createdAt: -1,
      };
    }
    const things = this.things;
    const view = new Proxy(state, { get: (s, k) => (k === 'entities' ? things : Reflect.get(s, k)) });
    this.r = { cn: new Renderer('cn', cat, view), en: new Renderer('en', cat, view) };
  }

  /** Fold committed events (in log order); returns what each player's story gained. */
  add(events: Iterable<Event>): Map<string, StoryDelta> {
    const out = new Map<string, StoryDelta>();
    for (const e of events) this.fold(e, out);
    return out;
  }

  players(): string[] {
    return [...this.stories.keys()];
  }

  /** A player's lines after line `after` (exclusive), at most `limit`; null for one who never joined. */
  lines(actor: string, after = -1, limit = Number.MAX_SAFE_INTEGER): StoryLine[] | null {
    const s = this.stories.get(actor);
    return s ? s.lines.slice(after + 1, after + 1 + limit) : null;
  }

  /** What the player notices now at their place: the last NOTICE_TICKS ticks of it. */
  noticed(actor: string): NoticedLine[] {
    return this.stories.get(actor)?.noticed ?? [];
  }

  private fold(e: Event, out: Map<string, StoryDelta>): void {
    if (e.tick !== this.tick) {
      this.settle(out);
      this.tick = e.tick;
      for (const s of this.stories.values()) s.noticed = s.noticed.filter((n) => n.tick > e.tick - NOTICE_TICKS);
    }
    if (e.type === 'entity_created') this.things[e.entity.id] = e.entity;
    // the tick's last event: what it did to the player's feelings is told now, once
    if (e.type === 'tick_summary') this.settle(out);
    if (e.type === 'joined' && !this.stories.has(e.actor))
      this.stories.set(e.actor, { me: e.actor, place: e.place, cause: null, lines: [], noticed: [], feelings: new Map() });
    for (const s of this.stories.values()) {
      // a player's story is told from what they may see (sim/audience): no verdict, no one else's story
      if (!sees(e, playerAudience(s.me))) continue;
      this.follow(s, e);
      if (e.type === 'relationship_changed' && this.feel(s, e)) continue;
      this.push(
        s,
        e.tick,
        this.both((r) => lineOf(r, s, e)),
        out,
      );
      if (e.type === 'moved' && e.actor === s.me) {
        s.place = e.to;
        s.noticed = [];
      }
      const seen = this.seen(s, e);
      if (seen) {
        const n: NoticedLine = { tick: e.tick, place: s.place, text: seen };
        s.noticed.push(n);
        if (s.noticed.length > NOTICE_MAX) s.noticed.shift();
      }
    }
  }

  private push(s: PlayerStory, tick: number, line: ReturnType<StoryBook['both']>, out: Map<string, StoryDelta>): void {
    if (!line) return;
    const l: StoryLine = { n: s.lines.length, tick, kind: line.kind, text: line.text };
    s.lines.push(l);
    (out.get(s.me) ?? out.set(s.me, { lines: [] }).get(s.me)!).lines.push(l);
  }

  /**
   * A change of feeling between the player and someone else, held until the tick closes: one tick's
   * warmth and chill toward the same person are one net change (or none), never two lines that
   * contradict each other. False when it is not between the player and another.
   */
  private feel(s: PlayerStory, e: EventOf<'relationship_changed'>): boolean {
    if ((e.from === s.me) === (e.to === s.me)) return false;
    const key = `${e.from}\u0000${e.to}`;
    const held = s.feelings.get(key);
    s.feelings.set(key, held ? { ...held, delta: held.delta + e.delta } : e);
    return true;
  }

  /** Tell each player the net change of feeling the closing tick made, in the order they were first felt. */
  private settle(out: Map<string, StoryDelta>): void {
    for (const s of this.stories.values()) {
      for (const e of s.feelings.values())
        this.push(
          s,
          e.tick,
          this.both((r) => lineOf(r, s, e)),
          out,
        );
      s.feelings.clear();
    }
  }

  /** Whose call is being judged, when it is aimed at the player or their things (their name goes on what it causes). */
  private follow(s: PlayerStory, e: Event): void {
    if (e.type === 'action' || e.type === 'call_failed') {
      s.cause = e.actor !== s.me && e.type === 'action' && this.aimsAt(s.me, e.call.args) ? e.actor : null;
    } else if (endsCall(e)) {
      s.cause = null;
    }
  }

  private aimsAt(me: string, args: object): boolean {
    return Object.values(args).some((v) => typeof v === 'string' && (v === me || this.things[v]?.owner === me));
  }

  /** What someone else did where the player is, as one standing there sees it. */
  private seen(s: PlayerStory, e: Event): Text | null {
    switch (e.type) {
      case 'action':
      case 'joined':
        return e.actor !== s.me && e.place === s.place ? (this.both((r) => ['did', describeEvent(r, e) ?? ''])?.text ?? null) : null;
      // one leaving says so in their action; an arrival is seen only here
      case 'moved':
        return e.actor !== s.me && e.to === s.place
          ? this.message(msg('observe.arrived', { actor: ref('actor', e.actor), mode: ref('mode', e.mode) }))
          : null;
      default:
        return null;
    }
  }

  private message(m: ReturnType<typeof msg>): Text {
    return { cn: this.r.cn.render(m), en: this.r.en.render(m) };
  }

  private both(f: (r: Renderer) => Part): { kind: StoryLine['kind']; text: Text } | null {
    const cn = f(this.r.cn);
    const en = f(this.r.en);
    return cn && en && cn[1] && en[1] ? { kind: cn[0], text: { cn: cn[1], en: en[1] } } : null;
  }
}
