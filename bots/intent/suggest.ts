import { Renderer } from '../../sim/i18n/render.ts';
import { LANGS, type Text } from '../../sim/model/text.ts';
import type { Said } from './context.ts';

/**
 * Two or three things the player could say here, as phrasings that read back to a call (test/intent.heldout.test.ts
 * checks they do): talking to someone present, buying what is sold here, going one of the ways out.
 */
export function suggestions(s: Said): Text[] {
  const say = (key: string, params: (r: Renderer) => Record<string, unknown>): Text => {
    const out = {} as Text;
    for (const lang of LANGS) {
      const r = new Renderer(lang, s.cat, s.state);
      out[lang] = r.t(`intent.suggest.${key}`, params(r));
    }
    return out;
  };
  const out: Text[] = [];
  const who = s.present()[0];
  if (who) out.push(say('talk', (r) => ({ name: r.actor(who) })));
  const item = s.sells(s.here)[0];
  if (item) out.push(say('buy', (r) => ({ item: r.param({ ref: 'item', id: item }) })));
  const way = s.cat.places.get(s.here)?.links[0]?.to;
  if (way) out.push(say('go', (r) => ({ place: r.place(way) })));
  if (out.length < 3) out.push(say('look', () => ({})));
  return out.slice(0, 3);
}
