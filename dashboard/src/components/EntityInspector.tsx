import { api } from '../api.ts';
import { useNames, useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { useFetch } from '../useFetch.ts';
import { Problem } from './Problem.tsx';

/** A created thing: what it is, whose, where, since when, and what is said about it. */
export function EntityInspector(props: { id: string }) {
  const { t, tx } = useT();
  const { world, tick, facts, select } = useWorldCtx();
  const names = useNames();
  const { data: e, error } = useFetch(`entity:${props.id}`, Math.floor(tick / 3), () => api.entity(world, props.id));
  if (!e) return error ? <Problem error={error} /> : <p class="empty">{t('loading')}</p>;
  const about = [...facts.values()].filter((f) => f.about === e.id);
  return (
    <article class="entity">
      <h3 data-testid="inspector-title">{tx(e.name)}</h3>
      <dl class="facts-grid">
        <dt>{t('inspector.kind')}</dt>
        <dd>{tx(e.kind)}</dd>
        <dt>{t('inspector.owner')}</dt>
        <dd>
          {e.owner ? (
            <button type="button" class="link" onClick={() => select({ kind: 'actor', id: e.owner! })}>
              {names.actor(e.owner)}
            </button>
          ) : (
            t('inspector.nobody')
          )}
        </dd>
        <dt>{t('inspector.place')}</dt>
        <dd>
          <button type="button" class="link" onClick={() => select({ kind: 'place', id: e.location })}>
            {names.place(e.location)}
          </button>
        </dd>
        <dt>{t('inspector.created')}</dt>
        <dd>{t('inspector.at_tick', { tick: e.createdAt })}</dd>
        {/* only the properties the server names; bookkeeping (a class's last student's tick) is left out */}
        {e.shown.map((p) => (
          <>
            <dt key={`k${p.name.en}`}>{tx(p.name)}</dt>
            <dd key={`v${p.name.en}`}>{p.value}</dd>
          </>
        ))}
      </dl>
      {about.length > 0 && (
        <>
          <h4>{t('inspector.said_about')}</h4>
          <ul>
            {about.map((f) => (
              <li key={f.id}>
                <button type="button" class="link" onClick={() => select({ kind: 'fact', id: f.id })}>
                  {tx(f.content)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
