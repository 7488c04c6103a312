import { Renderer } from '../../sim/i18n/render.ts';
import { LANGS, type Text } from '../../sim/model/text.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import type { Catalog } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';

/** A call in words, so the player sees what was understood before confirming it. */
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
        out[lang] = t('interact', {
          manner: r.param({ ref: 'manner', id: c.args.manner }),
          target: target(c.args.target),
          content: r.render(c.args.content),
        });
        break;
      case 'use_resource': {
        const res = c.args.resource.startsWith('item:') ? r.param({ ref: 'item', id: c.args.resource.slice(5) }) : r.param(c.args.resource);
        const purpose = r.param({ ref: 'purpose', id: c.args.purpose });
        out[lang] = t('use_resource', {
          amount: c.args.amount,
          resource: res,
          purpose,
          target: c.args.target ? t('for', { target: target(c.args.target) }) : '',
        });
        break;
      }
      case 'create':
        out[lang] = t('create', { what: r.param({ ref: 'template', id: c.args.what }), where: r.place(c.args.where) });
        break;
      case 'express':
        out[lang] = t('express', { channel: r.param({ ref: 'channel', id: c.args.channel }), content: r.render(c.args.content) });
        break;
    }
  }
  return out;
}
