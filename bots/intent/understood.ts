import { Renderer } from '../../sim/i18n/render.ts';
import { LANGS, type Text } from '../../sim/model/text.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';

/**
 * A call in words, so the player sees what was understood before confirming it: one sentence per
 * mechanism (what the manner, purpose or channel does), with the pack's names and its way of writing
 * money ("Eat for 30 coins", "Confront someone"; `intent.understood.*`).
 */
export function describeCall(cat: Catalog, state: WorldState, call: ToolCall): Text {
  const out = {} as Text;
  for (const lang of LANGS) {
    const r = new Renderer(lang, cat, state);
    const t = (k: string, p: Record<string, unknown> = {}) => r.t(`intent.understood.${k}`, p);
    const target = (id: string) => (state.actors[id] ? r.actor(id) : state.entities[id] ? r.entity(id) : id);
    const c = call;
    switch (c.tool) {
      case 'move':
        out[lang] = t('move', { place: r.place(c.args.destination), mode: r.param({ ref: 'mode', id: c.args.mode }) });
        break;
      case 'interact':
        out[lang] = t(`interact.${cat.words.mannerDoes(c.args.manner) ?? 'other'}`, {
          manner: r.param({ ref: 'manner', id: c.args.manner }),
          target: target(c.args.target),
          content: r.render(c.args.content),
        });
        break;
      case 'use_resource': {
        const { resource, amount, purpose } = c.args;
        const item = resource.startsWith('item:');
        const what = item ? r.param({ ref: 'item', id: resource.slice(5) }) : r.param(resource);
        const does = cat.words.purposeDoes(purpose);
        const form = `use.${does}.${resource === 'money' ? 'money' : item ? 'item' : 'other'}`;
        out[lang] = t(form, {
          amount,
          money: r.money(amount),
          resource: what,
          purpose: r.param({ ref: 'purpose', id: purpose }),
          target: c.args.target ? target(c.args.target) : t('nobody'),
        });
        break;
      }
      case 'create': {
        const tpl = cat.templates.get(c.args.what);
        out[lang] = t('create', {
          what: r.param({ ref: 'template', id: c.args.what }),
          where: r.place(c.args.where),
          money: r.money(tpl?.cost.money ?? 0),
          energy: tpl?.cost.energy ?? 0,
        });
        break;
      }
      case 'express':
        out[lang] = t(`express.${cat.words.channel(c.args.channel)?.reach ?? 'place'}`, {
          channel: r.param({ ref: 'channel', id: c.args.channel }),
          content: r.render(c.args.content),
        });
        break;
    }
  }
  return out;
}
