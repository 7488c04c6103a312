import { inEveryLang, type Renderer } from '../i18n/render.ts';
import type { Text } from '../model/text.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import type { Scene } from './scene.ts';

/** Words for a place's mood: above and below these it reads lively or tense. */
const LIVELY = 3;
const TENSE = -3;

/** The scene as lines a player reads, in both languages (`scene.*` in locales/<lang>/scene.json). */
export function sceneLines(cat: Catalog, state: WorldState, scene: Scene): Text[] {
  const out: Text[] = [];
  const line = (f: (r: Renderer) => string) => out.push(inEveryLang(cat, state, f));
  const list = (r: Renderer, xs: string[]) => xs.join(r.t('scene.sep'));
  const mood = scene.place.mood >= LIVELY ? 'lively' : scene.place.mood <= TENSE ? 'tense' : 'quiet';
  line((r) => r.t(`scene.at.${mood}`, { place: r.place(scene.place.id) }));
  if (scene.place.closed) line((r) => r.t('scene.closed'));
  if (!scene.people.length) line((r) => r.t('scene.nobody'));
  for (const p of scene.people)
    line((r) =>
      p.status === 'alive'
        ? r.t('scene.person', { actor: r.actor(p.id), seems: r.t(`scene.seems.${p.seems}`), toward: r.t(`scene.toward.${p.toward}`) })
        : r.t('scene.person_down', { actor: r.actor(p.id), status: r.term(p.status) }),
    );
  if (scene.sold.length)
    line((r) =>
      r.t('scene.sold', {
        list: list(
          r,
          scene.sold.map((s) => r.t('scene.priced', { what: r.param({ ref: 'item', id: s.item }), price: r.money(s.price) })),
        ),
      }),
    );
  for (const o of scene.open) line((r) => r.t(`scene.open.${o.serves}`, { entity: r.entity(o.entity), price: r.money(o.price) }));
  if (scene.stands.length)
    line((r) =>
      r.t('scene.stands', {
        list: list(
          r,
          scene.stands.map((s) => r.entity(s.entity)),
        ),
      }),
    );
  if (!scene.said.length) line((r) => r.t('scene.said_none'));
  for (const s of scene.said)
    line((r) =>
      s.to
        ? r.t('scene.said_to', { actor: r.actor(s.actor), target: r.actor(s.to), content: r.render(s.content) })
        : r.t('scene.said_aloud', { actor: r.actor(s.actor), content: r.render(s.content) }),
    );
  if (!scene.ways.length) line((r) => r.t('scene.no_way'));
  else
    line((r) =>
      r.t('scene.ways', {
        list: list(
          r,
          scene.ways.map((w) =>
            w.closed
              ? r.t('scene.way_closed', { place: r.place(w.to) })
              : r.t('scene.way', {
                  place: r.place(w.to),
                  modes: list(
                    r,
                    w.modes.map((m) =>
                      r.t(m.money > 0 ? 'scene.mode' : 'scene.mode_free', {
                        mode: r.param({ ref: 'mode', id: m.mode }),
                        price: r.money(m.money),
                        count: m.ticks,
                      }),
                    ),
                  ),
                }),
          ),
        ),
      }),
    );
  return out;
}
