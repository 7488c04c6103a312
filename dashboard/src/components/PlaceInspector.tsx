import { useNames, useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';

/** A place: who is there now, what was made there, where one can go from here. */
export function PlaceInspector(props: { id: string }) {
  const { t, tx } = useT();
  const { places, actors, entities, select } = useWorldCtx();
  const names = useNames();
  const p = places.get(props.id);
  if (!p) return <p class="empty">{t('loading')}</p>;
  const here = [...actors.values()].filter((a) => a.place === p.id);
  const things = [...entities.values()].filter((e) => e.location === p.id);
  return (
    <article class="place">
      <h3 data-testid="inspector-title">{tx(p.name)}</h3>
      <h4>{t('inspector.people_here', { n: here.length })}</h4>
      <ul class="chips">
        {here.map((a) => (
          <li key={a.id}>
            <button type="button" class="link" data-testid="person" onClick={() => select({ kind: 'actor', id: a.id })}>
              {tx(a.name)}
            </button>
          </li>
        ))}
      </ul>
      <h4>{t('inspector.things_here', { n: things.length })}</h4>
      <ul class="chips">
        {things.map((e) => (
          <li key={e.id}>
            <button type="button" class="link" onClick={() => select({ kind: 'entity', id: e.id })}>
              {tx(e.name)}
            </button>
          </li>
        ))}
      </ul>
      <h4>{t('inspector.links')}</h4>
      <ul class="chips">
        {p.links.map((l) => (
          <li key={l.to}>
            <button type="button" class="link" onClick={() => select({ kind: 'place', id: l.to })}>
              {names.place(l.to)}
            </button>{' '}
            <span class="dim">{t('inspector.distance', { d: l.distance })}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
