import type { Audience } from '../../sim/audience/audience.ts';
import { viewEvent } from '../../sim/audience/view.ts';
import type { Shown } from '../../sim/audience/secrets.ts';
import { traitsOf } from '../../sim/model/check.ts';
import { actorsOf } from '../../world-engine/narrator/select.ts';
import { describeEvent } from '../../sim/i18n/describe.ts';
import { Renderer } from '../../sim/i18n/render.ts';
import { Names } from '../../sim/i18n/names.ts';
import type { EntityState, Event } from '../../sim/model/events.ts';
import type { Lang, Message, Text } from '../../sim/model/text.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { ActorState, WorldState } from '../../sim/state/types.ts';
import { type Point, positionOf } from './layout.ts';
export { actorsOf };
import type { ActorDetail, ActorSummary, EntityView, EventView, FactView, LastDecision, PlaceView } from './protocol.ts';
import { own } from '../../sim/model/ids.ts';
import { gone } from '../../sim/state/seats.ts';
import { needLevel } from '../../sim/model/needs.ts';

/**
 * Read-only views of the in-memory world for the API: plain data in both languages. Nothing here
 * changes the state.
 */
export class Views {
  readonly cn: Renderer;
  readonly en: Renderer;
  constructor(
    readonly cat: Catalog,
    readonly state: WorldState,
    private readonly layout: Map<string, Point>,
  ) {
    this.cn = new Renderer('cn', cat, state);
    this.en = new Renderer('en', cat, state);
    this.names = { cn: new Names(this.cn), en: new Names(this.en) };
  }

  /** the one registry of names for tags, statuses and properties, per language */
  private readonly names: Record<Lang, Names>;

  both(f: (r: Renderer) => string): Text {
    return { cn: f(this.cn), en: f(this.en) };
  }

  message(m: Message): Text {
    return this.both((r) => r.render(m));
  }

  /** A message sent to the person it concerns (a refusal of their own call): in the second person. */
  messageTo(m: Message): Text {
    return this.both((r) => r.addressed(m));
  }

  actorName(id: string): Text {
    return this.both((r) => r.actor(id));
  }

  /** The pack's own needs of a body, each with its level; nothing for a pack that declares none. */
  private needsOf(a: ActorState): { needs?: ActorSummary['needs'] } {
    if (!this.cat.needs.size) return {};
    return { needs: [...this.cat.needs.values()].map((n) => ({ id: n.id, name: n.name, level: needLevel(n, a), max: n.max })) };
  }

  actorSummary(a: ActorState): ActorSummary {
    return {
      id: a.id,
      name: this.actorName(a.id),
      place: a.location,
      status: a.status,
      money: a.money,
      energy: a.energy,
      ...this.needsOf(a),
      isPlayer: !!a.player,
      ...(gone(a) ? { left: true as const } : {}),
    };
  }

  actorDetail(a: ActorState, lastDecision: LastDecision | null): ActorDetail {
    const def = this.cat.souls.get(a.soul);
    const soul = a.player
      ? // a player's concept is their own words, the same in both languages; a bot's is the pack's
        { name: a.player.name, concept: a.player.concept ? { cn: a.player.concept, en: a.player.concept } : undefined }
      : { name: this.actorName(a.id), description: def?.soul.description, personality: def?.soul.personality, concept: def?.soul.concept };
    return {
      id: a.id,
      name: this.actorName(a.id),
      isPlayer: !!a.player,
      soul,
      traits: traitsOf(this.cat, a).map((t) => ({ id: t.id, name: t.name, positive: t.positive, negative: t.negative })),
      body: {
        place: a.location,
        status: a.status,
        resources: { money: a.money, energy: a.energy },
        ...this.needsOf(a),
        inventory: a.inventory,
        relations: a.relations,
        reputation: a.reputation,
        tags: a.tags,
        condition: { cn: this.names.cn.status(a), en: this.names.en.status(a) },
        tagNames: a.tags.flatMap((tag) => {
          const cn = this.names.cn.tag(tag);
          const en = this.names.en.tag(tag);
          return cn !== null && en !== null ? [{ cn, en }] : [];
        }),
      },
      memories: a.memory.slice(-10).map((m) => ({ tick: m.tick, kind: m.kind, text: this.message(m.msg), importance: m.importance })),
      lastDecision,
    };
  }

  places(): PlaceView[] {
    const present = new Map<string, string[]>();
    for (const id in this.state.actors) {
      const a = this.state.actors[id];
      // one who left with their freed seat is in the log, no longer at any place
      if (a.status !== 'dead' && !gone(a)) (present.get(a.location) ?? present.set(a.location, []).get(a.location)!).push(id);
    }
    const things = new Map<string, string[]>();
    for (const id in this.state.entities) {
      const loc = this.state.entities[id].location;
      (things.get(loc) ?? things.set(loc, []).get(loc)!).push(id);
    }
    const modes = [...this.cat.words.ids('modes')];
    const common = (id: string) => ({
      present: present.get(id) ?? [],
      entities: things.get(id) ?? [],
      mood: this.state.places[id]?.mood ?? 0,
    });
    const out: PlaceView[] = [...this.cat.places.values()].map((p) => ({
      id: p.id,
      name: p.name,
      ...positionOf(this.layout, this.state, p.id),
      links: p.links.map((l) => ({ to: l.to, distance: l.distance, modes })),
      ...common(p.id),
    }));
    for (const g of this.state.generatedPlaces) {
      out.push({
        id: g.id,
        name: g.name,
        kind: 'generated',
        parent: g.parent,
        ...positionOf(this.layout, this.state, g.id),
        links: [{ to: g.parent, distance: g.distance, modes }],
        ...common(g.id),
      });
    }
    return out;
  }

  entity(e: EntityState): EntityView {
    const shown = Object.entries(e.properties).flatMap(([k, v]) => {
      const cn = this.names.cn.property(k, v);
      const en = this.names.en.property(k, v);
      return cn && en ? [{ name: { cn: cn.name, en: en.name }, value: en.value }] : [];
    });
    return {
      id: e.id,
      template: e.template,
      name: this.both((r) => r.entity(e.id)),
      owner: e.owner,
      location: e.location,
      properties: e.properties,
      createdAt: e.createdAt,
      kind: this.both((r) => r.param({ ref: 'template', id: e.template })),
      shown,
    };
  }

  fact(id: string, knownBy: FactView['knownBy']): FactView | null {
    const f = own(this.state.facts, id);
    if (!f) return null;
    // the truth value is the Judge's alone: it is never served
    return { id: f.id, content: this.message(f.content), about: f.about, origin: f.origin, knownBy };
  }

  /**
   * A committed event as an audience sees it (`sim/audience`), with its feed line in both languages;
   * null when it is not theirs to see. The line is rendered from what they see, once per shown object.
   */
  event(e: Event, to: Audience): EventView | null {
    const shown = viewEvent(e, to);
    if (!shown) return null;
    let v = this.rendered.get(shown);
    if (!v) {
      // the describers read no field the filter hides: a line says what the shown event says
      const cn = describeEvent(this.cn, shown as Event);
      const en = describeEvent(this.en, shown as Event);
      v = cn !== null && en !== null ? { ...shown, text: { cn, en } } : { ...shown };
      this.rendered.set(shown, v);
    }
    return v;
  }

  /** an event seen by several audiences in one tick is rendered once */
  private readonly rendered = new WeakMap<Shown, EventView>();
}
