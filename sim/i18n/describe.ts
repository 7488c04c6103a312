import type { Event, EventOf, EventType } from '../model/events.ts';
import { directorTemplateOf } from '../model/director.ts';
import type { WarnLevel } from '../model/needs.ts';
import { STRATEGIES } from '../model/strategy.ts';
import { ref } from '../model/text.ts';
import { traitsOf } from '../model/check.ts';
import { Names } from './names.ts';
import { questFeed } from './quest-feed.ts';
import type { Renderer } from './render.ts';

const WARNED: Record<WarnLevel, string> = { hungry: 'needs.hungry', exhausted: 'needs.exhausted', collapsing: 'needs.collapsing' };

/** What kind of word a check of each tool is named by (sim/model/check.ts callWord). */
const WORD_KIND = { interact: 'manner', use_resource: 'purpose', create: 'template', move: 'mode', express: 'channel' } as const;

/** A roll as the table shows it: the word tried, every die (the dropped ones in brackets), the band, what moved the dice. */
export function rollParams(r: Renderer, e: EventOf<'check_rolled'>): Record<string, string | number> {
  const left = [...e.kept];
  const dice = e.dice
    .map((d) => {
      const i = left.indexOf(d);
      if (i < 0) return r.t('feed.dropped', { n: d });
      left.splice(i, 1);
      return String(d);
    })
    .join(' ');
  const traits = traitsOf(r.cat, r.state.actors[e.actor] ?? ({ soul: e.actor } as never));
  const factors = e.factors.map((f) =>
    r.t(f.sign > 0 ? 'feed.check_for' : 'feed.check_against', {
      name: f.kind === 'trait' ? r.text(traits.find((t) => t.id === f.id)?.name) || f.id : (new Names(r).tag(f.id) ?? f.id),
    }),
  );
  return {
    formula: e.formula,
    dice,
    total: e.total,
    band: r.t(`feed.band.${e.band}`),
    word: r.param(ref(WORD_KIND[e.tool], e.word)),
    factors: factors.length ? r.t('feed.check_factors', { list: factors.join(r.t('feed.sep')) }) : '',
  };
}

/** An argued trait by its name (the player's own words for a trait they wrote) and the word it now counts for. */
export function argued(r: Renderer, e: EventOf<'trait_argued'>): Record<string, string> {
  const trait = traitsOf(r.cat, r.state.actors[e.actor] ?? ({ soul: e.actor } as never)).find((t) => t.id === e.trait);
  return { trait: r.text(trait?.name) || e.trait, word: r.param(ref(r.cat.words.manner(e.word) ? 'manner' : 'purpose', e.word)) };
}

/** A declared trait by its name and both aspects (the player's own words for a trait they wrote). */
export function declared(r: Renderer, e: EventOf<'trait_declared'>): Record<string, string> {
  return { trait: r.text(e.trait.name), positive: r.text(e.trait.positive), negative: r.text(e.trait.negative) };
}

type Describers = { [T in EventType]?: (r: Renderer, e: EventOf<T>) => string | null };

/**
 * One readable line per event worth reading in a live feed; routine bookkeeping (needs, money
 * movements, summaries) has none. The same lines serve the terminal and, later, the dashboard.
 */
const DESCRIBE: Describers = {
  action(r, e) {
    const c = e.call;
    // a narrative says what was done; what was said is the call's own content, added here
    let line = r.render(e.narrative);
    if (c.tool === 'interact' || c.tool === 'express') line += r.t('feed.saying', { content: r.render(c.args.content) });
    if (e.side_effects.length) line += r.t('feed.aside', { text: e.side_effects.map((s) => r.render(s)).join(r.t('feed.sep')) });
    return line;
  },
  // what only the listener (and the speaker) may read: the public sees the action without the words
  whispered(r, e) {
    return r.t('feed.whispered', { actor: r.actor(e.by), target: r.actor(e.actor), content: r.render(e.msg) });
  },
  call_failed(r, e) {
    return r.t(e.repeated ? 'feed.failed_again' : 'feed.failed', {
      actor: r.actor(e.actor),
      tool: r.param(e.failed.tool),
      reason: r.render(e.failed.reason.message),
    });
  },
  entity_removed(r, e) {
    const template = r.param(ref('template', e.template));
    return e.owner
      ? r.t('feed.entity_removed', { template, owner: r.actor(e.owner), reason: r.param(e.reason) })
      : r.t('feed.entity_removed_unowned', { template, reason: r.param(e.reason) });
  },
  // a fund paying out is news to the place; paying in is the member's own action, which has its line
  fund_paid_out(r, e) {
    return r.t('feed.fund_paid_out', { actor: r.actor(e.to), money: r.money(e.amount), fund: r.param(ref('fund', e.fund)) });
  },
  status_changed(r, e) {
    // one who left is not "locked away": the status that takes them out of play is the Judge's, the words are leaving's
    if (e.reason === 'left') return r.t('feed.status_left', { actor: r.actor(e.actor) });
    return r.t('feed.status', { actor: r.actor(e.actor), status: r.param(e.to), reason: r.param(e.reason) });
  },
  reflected(r, e) {
    const changes = STRATEGIES.filter((k) => e.deltas[k]).map((k) => `${r.param(k)}${e.deltas[k]! > 0 ? '↑' : '↓'}`);
    if (!changes.length) return null;
    const why = e.reasons.length ? r.render(e.reasons[0]) : '';
    return r.t('feed.reflected', { actor: r.actor(e.actor), changes: changes.join(r.t('feed.sep')), why });
  },
  fact_created(r, e) {
    return r.t('feed.rumour', { actor: r.actor(e.fact.origin.actor), content: r.render(e.fact.content) });
  },
  claimed(r, e) {
    const names = e.about.map((id) => (r.state.actors[id] ? r.actor(id) : r.state.entities[id] ? r.entity(id) : r.place(id)));
    return r.t('feed.claim', {
      actor: r.actor(e.actor),
      kind: r.param(`claim_${e.kind}`),
      about: names.length ? r.t('feed.claim_about', { names: names.join(r.t('feed.sep')) }) : '',
      verdict: e.contradicts ? r.t('feed.claim_false') : '',
    });
  },
  trait_argued(r, e) {
    return r.t('feed.argued', { actor: r.actor(e.actor), ...argued(r, e) });
  },
  trait_declared(r, e) {
    return r.t('feed.declared', { actor: r.actor(e.actor), ...declared(r, e) });
  },
  check_rolled(r, e) {
    return r.t('feed.check', { actor: r.actor(e.actor), ...rollParams(r, e) });
  },
  joined(r, e) {
    return r.render({ key: 'observe.joined', params: { actor: ref('actor', e.actor) } });
  },
  seat_freed(r, e) {
    return r.render({ key: e.then === 'bot' ? 'observe.seat_bot' : 'observe.seat_left', params: { actor: ref('actor', e.actor) } });
  },
  player_away(r, e) {
    return r.t(e.why === 'left' ? 'feed.away_left' : 'feed.away_quiet', { actor: r.actor(e.actor) });
  },
  player_back(r, e) {
    return r.t('feed.back', { actor: r.actor(e.actor) });
  },
  // a player's body warning them; a bot's would flood the public feed, and its own brain reads its energy
  warned(r, e) {
    if (!r.state.actors[e.actor]?.player) return null;
    if (e.need === 'energy') return r.t(WARNED[e.level as WarnLevel], { actor: r.actor(e.actor) });
    return r.t(`needs.more.${e.level}`, { actor: r.actor(e.actor), need: r.text(r.cat.needs.get(e.need)?.name) || e.need });
  },
  // a researcher's intervention, by its label and what it did; its effects have lines of their own
  intervened(r, e) {
    const what =
      e.kind === 'learn_fact' && e.fact
        ? r.render(r.state.facts[e.fact]?.content ?? { key: 'fact.unknown' })
        : e.kind === 'price'
          ? r.param(ref('item', e.item!))
          : e.kind === 'wage'
            ? r.param(ref('job', e.job!))
            : e.kind === 'drive'
              ? r.param(e.strategy!)
              : e.place
                ? r.place(e.place)
                : '';
    // the director's arrivals carry its label: the feed names its template, never the label's ids
    const staged = directorTemplateOf(e.label);
    const label = staged === null ? e.label : r.text(r.cat.scenario.director?.templates.find((x) => x.id === staged)?.name) || staged;
    const why = e.kind === 'arrive' && e.person?.why ? r.text(e.person.why) : null;
    return r.t(`feed.intervened.${why ? 'arrive_why' : e.kind}`, {
      why,
      label,
      actor: e.actor ? r.actor(e.actor) : '',
      what,
      value: e.value === undefined ? '' : e.kind === 'drive' ? e.value : r.money(e.value),
    });
  },
  intervention_refused(r, e) {
    return r.t('feed.intervention_refused', { label: e.label, reason: r.render(e.reason.message) });
  },
  // the director's staged events and its pace (sim/judge/director.ts): a refused one by its reason
  director_proposed(r, e) {
    const t = r.cat.scenario.director?.templates.find((x) => x.id === e.template);
    const common = { template: r.text(t?.name) || e.template, place: e.place ? r.place(e.place) : '' };
    return e.refused
      ? r.t('feed.director_refused', { ...common, reason: r.render(e.refused.message) })
      : r.t('feed.director_proposed', { ...common, aim: r.t(`director.aim.${e.aim}`), tension: e.tension, why: r.render(e.why) });
  },
  phase_changed(r, e) {
    return r.t('feed.phase_changed', { to: r.t(`director.phase.${e.to}`), tension: e.tension, why: r.render(e.why) });
  },
  location_created(r, e) {
    return r.t('feed.new_place', { place: r.text(e.name), parent: r.place(e.parent) });
  },
  ...questFeed,
};

export function describeEvent(r: Renderer, e: Event): string | null {
  const d = DESCRIBE[e.type] as ((r: Renderer, e: Event) => string | null) | undefined;
  return d ? d(r, e) : null;
}
