import { api } from '../api.ts';
import { useNames, useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { useFetch } from '../useFetch.ts';
import { Problem } from './Problem.tsx';

/** A piece of news or a rumour: where it started and how it spread, who learned it from whom. */
export function FactInspector(props: { id: string }) {
  const { t, tx } = useT();
  const { world, tick, select } = useWorldCtx();
  const names = useNames();
  const { data: f, error } = useFetch(`fact:${props.id}`, Math.floor(tick / 2), () => api.fact(world, props.id));
  if (!f) return error ? <Problem error={error} /> : <p class="empty">{t('loading')}</p>;
  const who = (id: string) => (
    <button type="button" class="link" onClick={() => select({ kind: 'actor', id })}>
      {names.actor(id)}
    </button>
  );
  return (
    <article class="fact">
      <h3 data-testid="inspector-title">{tx(f.content)}</h3>
      <p>
        {t('inspector.origin', { tick: f.origin.tick, place: names.place(f.origin.place) })} {who(f.origin.actor)}
      </p>
      {f.about && (
        <p>
          {t('inspector.about')}{' '}
          <button
            type="button"
            class="link"
            onClick={() => select({ kind: names.actor(f.about!) !== f.about ? 'actor' : 'entity', id: f.about! })}
          >
            {names.any(f.about)}
          </button>
        </p>
      )}
      <h4>{t('inspector.known_by', { n: f.knownBy.length })}</h4>
      <ol class="known-by" data-testid="known-by">
        {f.knownBy.map((k, i) => (
          <li key={`${k.actor}.${i}`}>
            <span class="ev-tick">{k.tick}</span> {who(k.actor)}{' '}
            {k.from === k.actor ? (
              <span class="dim">{t('inspector.self')}</span>
            ) : (
              <>
                <span class="dim">{t('inspector.from')}</span> {names.any(k.from)}
              </>
            )}
          </li>
        ))}
      </ol>
    </article>
  );
}
