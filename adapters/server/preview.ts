import { inEveryLang, type Renderer } from '../../sim/i18n/render.ts';
import { judgeAhead } from '../../sim/gm/ahead.ts';
import type { Consequence } from '../../sim/model/consequence.ts';
import { type Message, type Ref, ref, type Text } from '../../sim/model/text.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import { type Catalog, onSale } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { diceScreen } from './dice-screen.ts';
import type { CheckView } from './protocol.ts';

/** What the Judge would say of a call now: its cost and what would happen, or the refusal, in the player's words. */
export interface Preview {
  ok: boolean;
  /** the outcome, second person, both languages */
  text: Text;
  /** a way that would work, when there is one */
  hint?: Text;
  /** what the player would spend (positive) */
  cost: { money: number; energy: number };
  /** the refusal's stable code */
  code?: string;
  /** the dice screen, when the call is a check */
  check?: CheckView;
  /** said before the player sends it: the call would leave them collapsed */
  warning?: Text;
}

/** The warning on an option whose cost would leave the player collapsed (sim/gm/ahead.ts). */
export const collapseWarning = (cat: Catalog, live: WorldState): Text => inEveryLang(cat, live, (r) => r.t('option.collapses'));

const listed = (r: Renderer, refs: Ref[]) => refs.map((x) => r.param(x)).join(r.t('intent.or'));

/**
 * The preview of a player's call: the options' one dry run (sim/gm/ahead.ts), the World Engine's rules
 * and the Judge on a scratch copy of the live state; say what it costs and what would happen, or why it would be refused and,
 * when the world offers one, what would work instead (another way of going, another thing to make,
 * where the person is, where the thing is sold).
 */
export function previewCall(cat: Catalog, live: WorldState, call: ToolCall, argued: readonly string[] = []): Preview {
  const v = judgeAhead(cat, live, call);
  const me = live.actors[call.actor];
  const word = v.word;
  const check = word !== null ? { check: diceScreen(cat, live, me, word, argued) } : {};
  const warning = v.collapses ? { warning: collapseWarning(cat, live) } : {};
  const item = call.tool === 'use_resource' && call.args.resource.startsWith('item:') ? call.args.resource.slice(5) : null;
  const buying = call.tool === 'use_resource' && cat.words.purposeDoes(call.args.purpose) === 'buy';
  const sold = item && buying && !onSale(cat, me.location, live.tick + 1).includes(item);
  if (v.reason || sold) {
    const reason: Message = v.reason?.message ?? { key: 'intent.preview.not_sold', params: { item: ref('item', item!) } };
    return {
      ok: false,
      code: v.reason?.code ?? 'not_sold',
      cost: { money: 0, energy: 0 },
      text: inEveryLang(cat, live, (r) => r.t('intent.preview.refused', { reason: r.addressed(reason) })),
      ...hintFor(cat, live, call, v.reason?.code ?? 'not_sold'),
      ...check,
    };
  }
  if (word !== null) return { ok: true, ...checkCost(cat, live, v.consequence!, word), ...check, ...warning };
  const after = v.state.actors[call.actor];
  const cost = { money: Math.max(0, me.money - after.money), energy: Math.max(0, me.energy - after.energy) };
  const c = v.consequence!;
  const text = inEveryLang(cat, v.state, (r) => {
    const parts = [
      cost.money ? r.t('intent.preview.money', { money: r.money(cost.money) }) : '',
      cost.energy ? r.t('intent.preview.energy', { energy: cost.energy }) : '',
    ]
      .filter(Boolean)
      .join(r.t('intent.preview.and'));
    const said = parts ? r.t('intent.preview.cost', { parts }) : r.t('intent.preview.free');
    const changes = [c.narrative, ...c.side_effects].map((m) => r.render(m)).join(' ');
    return r.t('intent.preview.ok', { cost: said, changes });
  });
  return { ok: true, text, cost, ...warning };
}

/**
 * What a check costs, whatever the dice: the engine's proposal for a full success (a success at a
 * cost adds the pack's `partialEnergy`; a failure costs nothing more). The dry run above judged it as
 * a full success, so neither its verdict nor this text tells the roll of the next tick.
 */
function checkCost(cat: Catalog, live: WorldState, c: Consequence, word: string): { text: Text; cost: Preview['cost'] } {
  const cost = { money: Math.max(0, -(c.resource_changes.money ?? 0)), energy: Math.max(0, -(c.resource_changes.energy ?? 0)) };
  const kind = cat.words.manner(word) ? 'manner' : 'purpose';
  const text = inEveryLang(cat, live, (r) => {
    const parts = [
      cost.money ? r.t('intent.preview.money', { money: r.money(cost.money) }) : '',
      cost.energy ? r.t('intent.preview.energy', { energy: cost.energy }) : '',
    ]
      .filter(Boolean)
      .join(r.t('intent.preview.and'));
    const said = parts ? r.t('intent.preview.cost', { parts }) : r.t('intent.preview.free');
    return r.t('preview.check', { cost: said, word: r.param(ref(kind, word)), extra: cat.scenario.vocabulary.checks.partialEnergy });
  });
  return { text, cost };
}

/** A way that would work, tried through the same pipeline, or a fact that points to one. */
function hintFor(cat: Catalog, live: WorldState, call: ToolCall, code: string): { hint?: Text } {
  const passes = (alt: ToolCall) => !judgeAhead(cat, live, alt).reason;
  const hint = (f: (r: Renderer) => string) => ({ hint: inEveryLang(cat, live, f) });
  if (call.tool === 'move' && code !== 'already_there' && code !== 'unknown_place') {
    const modes = cat.words.ids('modes').filter((m) => m !== call.args.mode && passes({ ...call, args: { ...call.args, mode: m } }));
    if (modes.length)
      return hint((r) =>
        r.t('intent.preview.hint_modes', {
          modes: listed(
            r,
            modes.map((m) => ref('mode', m)),
          ),
        }),
      );
  }
  if (call.tool === 'create' && cat.templates.has(call.args.what)) {
    const kind = cat.templates.get(call.args.what)!.kind;
    const others = [...cat.templates.values()]
      .filter((t) => t.kind === kind && t.id !== call.args.what)
      .filter((t) => passes({ ...call, args: { ...call.args, what: t.id, using: { money: t.cost.money, energy: t.cost.energy } } }));
    if (others.length)
      return hint((r) =>
        r.t('intent.preview.hint_templates', {
          options: listed(
            r,
            others.map((t) => ref('template', t.id)),
          ),
        }),
      );
  }
  const target = call.tool === 'interact' ? call.args.target : call.tool === 'use_resource' ? call.args.target : undefined;
  const other = target !== undefined ? live.actors[target] : undefined;
  if (other && code === 'not_present' && other.status !== 'dead') {
    return hint((r) => r.t('intent.preview.hint_where', { target: r.actor(other.id), place: r.place(other.location) }));
  }
  const item = call.tool === 'use_resource' && call.args.resource.startsWith('item:') ? call.args.resource.slice(5) : null;
  if (item && code === 'not_sold' && cat.items.has(item)) {
    const sellers = [...cat.places.keys()].filter(
      (p) => p !== live.actors[call.actor].location && onSale(cat, p, live.tick + 1).includes(item),
    );
    if (sellers.length)
      return hint((r) =>
        r.t('intent.preview.hint_sellers', {
          item: r.param(ref('item', item)),
          places: listed(
            r,
            sellers.map((p) => ref('place', p)),
          ),
        }),
      );
  }
  return {};
}
