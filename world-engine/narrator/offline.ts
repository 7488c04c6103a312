import { describeEvent } from '../../sim/i18n/describe.ts';
import { inEveryLang, type Renderer } from '../../sim/i18n/render.ts';
import type { Event } from '../../sim/model/events.ts';
import { parseJobTag } from '../../sim/model/jobs.ts';
import type { Text } from '../../sim/model/text.ts';
import type { NarrationInput, Narrator } from './types.ts';
import { NEED_PREFIX } from '../../sim/model/needs.ts';

/**
 * The narrator without a language model: one template line per committed event that concerns the
 * player, filled only with what the event carries (names come from its ids, amounts from its
 * fields). It can say less than happened, never more.
 */
export function offlineNarrator(): Narrator {
  return {
    name: 'offline',
    narrate(input: NarrationInput): Text {
      return inEveryLang(input.cat, input.state, (r) => {
        const lines = netFeelings(input.events)
          .map((e) => line(r, input.actor, e))
          .filter((l): l is string => !!l);
        return lines.length ? lines.join(' ') : r.t('narrator.nothing');
      });
    },
  };
}

/**
 * The events with each change of feeling from one person toward another summed into its first: a
 * call that warms and chills the same feeling reads as its net change (none when they cancel), not
 * as two lines that contradict each other.
 */
function netFeelings(events: readonly Event[]): Event[] {
  const firsts = new Map<string, Extract<Event, { type: 'relationship_changed' }>>();
  const out: Event[] = [];
  for (const e of events) {
    if (e.type !== 'relationship_changed') {
      out.push(e);
      continue;
    }
    const key = `${e.from}\u0000${e.to}`;
    const first = firsts.get(key);
    if (first) first.delta += e.delta;
    else {
      const copy = { ...e };
      firsts.set(key, copy);
      out.push(copy);
    }
  }
  return out;
}

function line(r: Renderer, me: string, e: Event): string | null {
  const t = (k: string, p: Record<string, unknown> = {}) => r.t(`narrator.${k}`, p);
  const resource = (res: string) => (res.startsWith('item:') ? r.param({ ref: 'item', id: res.slice(5) }) : r.param(res));
  switch (e.type) {
    case 'action':
      return describeEvent(r, e);
    case 'call_failed':
      return t('failed', { reason: r.render(e.failed.reason.message) });
    case 'moved':
      return e.actor === me ? t('moved', { place: r.place(e.to) }) : null;
    case 'money_destroyed':
    case 'fund_paid_in':
      return e.from === me ? t('paid', { amount: r.money(e.amount) }) : null;
    case 'money_created':
    case 'fund_paid_out':
      return e.to === me ? t('earned', { amount: r.money(e.amount) }) : null;
    case 'transfer':
      if (e.resource === 'money') {
        if (e.from === me) return t('gave_money', { to: r.actor(e.to), amount: r.money(e.amount) });
        return e.to === me ? t('received_money', { from: r.actor(e.from), amount: r.money(e.amount) }) : null;
      }
      if (e.from === me) return t('gave', { to: r.actor(e.to), amount: e.amount, resource: resource(e.resource) });
      return e.to === me ? t('received', { from: r.actor(e.from), amount: e.amount, resource: resource(e.resource) }) : null;
    case 'resource_changed': {
      if (e.actor !== me || e.delta === 0) return null;
      const amount = Math.abs(e.delta);
      if (e.resource === 'energy') return t(e.delta > 0 ? 'energy_up' : 'energy_down', { amount });
      // a need the pack declares is only ever raised by a call (the clock's losses are not the call's doing)
      if (e.resource.startsWith(NEED_PREFIX)) return e.delta > 0 ? t('need_up', { amount, need: resource(e.resource) }) : null;
      return e.resource.startsWith('item:') ? t(e.delta > 0 ? 'item_up' : 'item_down', { amount, item: resource(e.resource) }) : null;
    }
    case 'relationship_changed':
      if (e.delta === 0) return null;
      if (e.from === me) return t(e.delta > 0 ? 'warmer' : 'cooler', { other: r.actor(e.to) });
      return e.to === me ? t(e.delta > 0 ? 'likes_you' : 'dislikes_you', { other: r.actor(e.from) }) : null;
    case 'reputation_changed':
      return e.actor === me && e.delta !== 0 ? t(e.delta > 0 ? 'reputation_up' : 'reputation_down') : null;
    case 'entity_created':
      return t('made', { entity: r.entity(e.entity.id), place: r.place(e.entity.location) });
    case 'fact_learned':
      if (e.actor === me) return t('learned', { content: r.param({ ref: 'fact', id: e.fact }) });
      return e.from === me ? t('told', { other: r.actor(e.actor) }) : null;
    case 'status_changed':
      return e.actor === me ? t('status', { status: r.param(e.to) }) : null;
    case 'location_created':
      return t('new_place', { place: r.text(e.name) });
    case 'tag_added': {
      const job = e.actor === me ? parseJobTag(e.tag) : null;
      return job ? t('hired', { job: r.param({ ref: 'job', id: job.job }) }) : null;
    }
    default:
      return null;
  }
}
