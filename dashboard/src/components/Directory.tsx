import { useState } from 'preact/hooks';
import { useNames, useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';

const TABS = ['people', 'places', 'things', 'facts'] as const;
type Tab = (typeof TABS)[number];

/** Everyone, every place, everything made, every rumour: a list to pick from (handy on a phone). */
export function Directory() {
  const { t, tx } = useT();
  const { actors, places, entities, facts, select, selected } = useWorldCtx();
  const names = useNames();
  const [tab, setTab] = useState<Tab>('people');
  const here = new Map<string, number>();
  for (const a of actors.values()) here.set(a.place, (here.get(a.place) ?? 0) + 1);
  const on = (kind: string, id: string) => (selected?.kind === kind && selected.id === id ? 'on' : '');
  return (
    <div class="directory">
      <div class="tabs" role="tablist">
        {TABS.map((x) => (
          <button
            type="button"
            role="tab"
            key={x}
            aria-selected={tab === x}
            class={tab === x ? 'on' : ''}
            data-testid={`dir-${x}`}
            onClick={() => setTab(x)}
          >
            {t(`directory.${x}`, { n: { people: actors, places, things: entities, facts }[x].size })}
          </button>
        ))}
      </div>
      <ul class="dir-list" data-testid={`dir-list-${tab}`}>
        {tab === 'people' &&
          [...actors.values()].map((a) => (
            <li key={a.id} class={on('actor', a.id)}>
              <button type="button" class="link" data-actor={a.id} onClick={() => select({ kind: 'actor', id: a.id })}>
                {tx(a.name)}
              </button>
              <span class="dim">
                {names.place(a.place)} · {t('resources.money')} {names.money(a.money)}
                {a.status !== 'alive' ? ` · ${t(`status.${a.status}`)}` : ''}
              </span>
            </li>
          ))}
        {tab === 'places' &&
          [...places.values()].map((p) => (
            <li key={p.id} class={on('place', p.id)}>
              <button type="button" class="link" data-place={p.id} onClick={() => select({ kind: 'place', id: p.id })}>
                {tx(p.name)}
              </button>
              <span class="dim">{t('directory.present', { n: here.get(p.id) ?? 0 })}</span>
            </li>
          ))}
        {tab === 'things' &&
          [...entities.values()].reverse().map((e) => (
            <li key={e.id} class={on('entity', e.id)}>
              <button type="button" class="link" data-entity={e.id} onClick={() => select({ kind: 'entity', id: e.id })}>
                {tx(e.name)}
              </button>
              <span class="dim">{names.place(e.location)}</span>
            </li>
          ))}
        {tab === 'facts' &&
          [...facts.values()].reverse().map((f) => (
            <li key={f.id} class={on('fact', f.id)}>
              <button type="button" class="link" onClick={() => select({ kind: 'fact', id: f.id })}>
                {tx(f.content)}
              </button>
              <span class="dim">{t('directory.known', { n: f.knownBy.length })}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
