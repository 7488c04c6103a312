import { Fragment } from 'preact';
import { api } from '../api.ts';
import { useNames, useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { useFetch } from '../useFetch.ts';
import { CallView } from './CallView.tsx';
import { Problem } from './Problem.tsx';

/** A person: soul, body, resources, relationships, recent memories, last decision and the Judge's verdict on it. */
export function ActorInspector(props: { id: string }) {
  const { t, tx, num } = useT();
  const { world, tick, select } = useWorldCtx();
  const names = useNames();
  const { data: a, error } = useFetch(`actor:${props.id}`, tick, () => api.actor(world, props.id));
  if (!a) return error ? <Problem error={error} /> : <p class="empty">{t('loading')}</p>;
  const soul = a.soul;
  const relations = Object.entries(a.body.relations).sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]));
  const inventory = Object.entries(a.body.inventory).filter(([, n]) => n > 0);
  const d = a.lastDecision;
  return (
    <article class="actor">
      <h3 data-testid="inspector-title">
        {tx(a.name)} {a.isPlayer && <span class="badge">{t('inspector.player')}</span>}
      </h3>
      {soul.concept && (
        <p class="soul" data-testid="inspector-concept">
          {tx(soul.concept)}
        </p>
      )}
      {soul.description && <p class="soul">{tx(soul.description)}</p>}
      {soul.personality && <p class="soul dim">{tx(soul.personality)}</p>}
      {a.traits.length > 0 && (
        <ul class="traits" data-testid="traits">
          {a.traits.map((tr) => (
            <li key={tr.id}>
              <b>{tx(tr.name)}</b> <span class="plus">+ {tx(tr.positive)}</span> <span class="minus">− {tx(tr.negative)}</span>
            </li>
          ))}
        </ul>
      )}

      <h4>{t('inspector.body')}</h4>
      <dl class="facts-grid">
        <dt>{t('inspector.place')}</dt>
        <dd>
          <button type="button" class="link" onClick={() => select({ kind: 'place', id: a.body.place })}>
            {names.place(a.body.place)}
          </button>
        </dd>
        <dt>{t('inspector.status')}</dt>
        <dd data-testid="actor-status">{tx(a.body.condition)}</dd>
        <dt>{t('resources.money')}</dt>
        <dd data-testid="actor-money">{names.money(a.body.resources.money)}</dd>
        <dt>{t('resources.energy')}</dt>
        <dd>{num(a.body.resources.energy)}</dd>
        {/* the pack's own needs, beside energy, the first of them */}
        {(a.body.needs ?? []).map((n) => (
          <Fragment key={n.id}>
            <dt>{tx(n.name)}</dt>
            <dd data-testid={`actor-need-${n.id}`}>{`${num(n.level)}/${num(n.max)}`}</dd>
          </Fragment>
        ))}
        <dt>{t('inspector.reputation')}</dt>
        <dd>{a.body.reputation}</dd>
        {inventory.length > 0 && (
          <>
            <dt>{t('inspector.inventory')}</dt>
            <dd>{inventory.map(([k, n]) => `${names.item(k)} ×${n}`).join(t('sep'))}</dd>
          </>
        )}
        {/* tags in words; a tag nothing names is bookkeeping and is not shown */}
        {a.body.tagNames.length > 0 && (
          <>
            <dt>{t('inspector.tags')}</dt>
            <dd class="tags">{a.body.tagNames.map((x) => tx(x)).join(t('sep'))}</dd>
          </>
        )}
      </dl>

      <h4>{t('inspector.decision')}</h4>
      {d ? (
        <div class={`decision verdict-${d.verdict}`} data-testid="last-decision">
          <span class="ev-tick">{d.tick}</span> <CallView call={d.call} />
          <p>
            <b>{t('inspector.judge')}</b> {t(`verdict.${d.verdict}`)}
            {d.reason && <> — {tx(d.reason)}</>}
          </p>
        </div>
      ) : (
        <p class="empty">{t('inspector.no_decision')}</p>
      )}

      <h4>{t('inspector.relations')}</h4>
      {relations.length ? (
        <ul class="relations">
          {relations.slice(0, 12).map(([id, v]) => (
            <li key={id}>
              <button type="button" class="link" onClick={() => select({ kind: 'actor', id })}>
                {names.actor(id)}
              </button>
              <span class={`bar ${v < 0 ? 'neg' : 'pos'}`} style={{ width: `${Math.min(100, Math.abs(v))}%` }} />
              <span class="num">{v}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="empty">{t('inspector.no_relations')}</p>
      )}

      <h4>{t('inspector.memories')}</h4>
      {a.memories.length ? (
        <ol class="memories">
          {a.memories
            .slice(-10)
            .reverse()
            .map((m, i) => (
              <li key={`${m.tick}.${i}`} class={m.importance >= 5 ? 'important' : ''}>
                <span class="ev-tick">{m.tick}</span> {tx(m.text)}
              </li>
            ))}
        </ol>
      ) : (
        <p class="empty">{t('inspector.no_memories')}</p>
      )}
    </article>
  );
}
