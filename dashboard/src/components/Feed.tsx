import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { useFetch } from '../useFetch.ts';
import type { EventView, Selection } from '../types.ts';

/** What an event line opens in the inspector when clicked. */
function target(e: EventView): Selection | null {
  const x = e as Record<string, unknown>;
  const fact = x.fact as { id?: string } | string | undefined;
  if (e.type.startsWith('fact_') && fact) return { kind: 'fact', id: typeof fact === 'string' ? fact : (fact.id ?? '') };
  const entity = x.entity as { id?: string } | string | undefined;
  if (e.type.startsWith('entity_') && entity) return { kind: 'entity', id: typeof entity === 'string' ? entity : (entity.id ?? '') };
  if (typeof x.actor === 'string') return { kind: 'actor', id: x.actor };
  if (typeof x.from === 'string') return { kind: 'actor', id: x.from };
  return null;
}

/** The live feed: one narrated line per event worth reading, newest first, in the chosen language. */
export function Feed(props: { feed: EventView[] }) {
  const { t, tx } = useT();
  const { select, selected, world, tick } = useWorldCtx();
  const [onlySelected, setOnlySelected] = useState(false);
  // a person's whole story comes from the log, not only what this page has seen
  const person = onlySelected && selected?.kind === 'actor' ? selected.id : '';
  const history = useFetch(`history:${person}`, Math.floor(tick / 3), () =>
    person
      ? api
          .events(world, { actor: person, from: Math.max(0, tick - 300), limit: 1000 })
          .then((p) => p.events.filter((e) => e.text).reverse())
      : Promise.resolve(null),
  );
  const mine = (e: EventView) => {
    if (!selected) return true;
    return Object.values(e).some((v) => v === selected.id || (v && typeof v === 'object' && (v as { id?: string }).id === selected.id));
  };
  // earlier lines than the page has seen, a page at a time, on demand
  const [older, setOlder] = useState<EventView[]>([]);
  const [loading, setLoading] = useState(false);
  /** the first tick read so far (ticks without a feed line leave no trace, so it is kept apart) */
  const [floor, setFloor] = useState<number | null>(null);
  const all = older.length ? props.feed.concat(older) : props.feed;
  const oldest = floor ?? (all.length ? all[all.length - 1].tick : tick);
  const loadOlder = async () => {
    setLoading(true);
    try {
      const from = Math.max(0, oldest - 50);
      const page = await api.events(world, { from, to: Math.max(0, oldest - 1), limit: 1000 });
      const seen = new Set(all.map((e) => `${e.tick}.${e.seq}`));
      setOlder((o) => o.concat(page.events.filter((e) => e.text && !seen.has(`${e.tick}.${e.seq}`)).reverse()));
      setFloor(from);
    } catch {
      /* the button stays; try again */
    } finally {
      setLoading(false);
    }
  };
  const lines = person && history.data ? history.data : onlySelected ? all.filter(mine) : all;
  return (
    <div class="feed">
      <label class="feed-filter">
        <input
          type="checkbox"
          data-testid="feed-only-selected"
          checked={onlySelected}
          onChange={(e) => setOnlySelected(e.currentTarget.checked)}
          disabled={!selected}
        />
        {t('feed.only_selected')}
      </label>
      {!lines.length && <p class="empty">{t('feed.empty')}</p>}
      <ol data-testid="feed">
        {lines.map((e) => {
          const to = target(e);
          return (
            <li key={`${e.tick}.${e.seq}`} class={`ev ev-${e.type}`} data-tick={e.tick}>
              <span class="ev-tick">{e.tick}</span>
              {to ? (
                <button type="button" class="link" onClick={() => select(to)}>
                  {tx(e.text)}
                </button>
              ) : (
                <span>{tx(e.text)}</span>
              )}
            </li>
          );
        })}
      </ol>
      {!person && oldest > 0 && (
        <button type="button" class="more" disabled={loading} onClick={loadOlder} data-testid="feed-older">
          {t('feed.older', { tick: oldest })}
        </button>
      )}
    </div>
  );
}
