import { useState } from 'preact/hooks';
import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import type { EventView, Selection } from '../types.ts';

/** What an event line opens in the inspector when clicked. */
function target(e: EventView): Selection | null {
  const x = e as Record<string, unknown>;
  const fact = x.fact as { id?: string } | string | undefined;
  if (e.type.startsWith('fact_') && fact) return { kind: 'fact', id: typeof fact === 'string' ? fact : fact.id ?? '' };
  const entity = x.entity as { id?: string } | string | undefined;
  if (e.type.startsWith('entity_') && entity) return { kind: 'entity', id: typeof entity === 'string' ? entity : entity.id ?? '' };
  if (typeof x.actor === 'string') return { kind: 'actor', id: x.actor };
  if (typeof x.from === 'string') return { kind: 'actor', id: x.from };
  return null;
}

/** The live feed: one narrated line per event worth reading, newest first, in the chosen language. */
export function Feed(props: { feed: EventView[] }) {
  const { t, tx } = useT();
  const { select, selected } = useWorldCtx();
  const [onlySelected, setOnlySelected] = useState(false);
  const mine = (e: EventView) => {
    if (!selected) return true;
    return Object.values(e).some((v) => v === selected.id || (v && typeof v === 'object' && (v as { id?: string }).id === selected.id));
  };
  const lines = onlySelected ? props.feed.filter(mine) : props.feed;
  return (
    <div class="feed">
      <label class="feed-filter">
        <input type="checkbox" checked={onlySelected} onChange={(e) => setOnlySelected(e.currentTarget.checked)} disabled={!selected} />
        {t('feed.only_selected')}
      </label>
      {!lines.length && <p class="empty">{t('feed.empty')}</p>}
      <ol data-testid="feed">
        {lines.map((e) => {
          const to = target(e);
          return (
            <li key={`${e.tick}.${e.seq}`} class={`ev ev-${e.type}`}>
              <span class="ev-tick">{e.tick}</span>
              {to ? (
                <button type="button" class="link" onClick={() => select(to)}>{tx(e.text)}</button>
              ) : (
                <span>{tx(e.text)}</span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
