import { useT } from '../i18n.ts';
import type { DirectorReply } from '../storyTypes.ts';

/** The director's phase, its tension and each measure behind it, and its recent proposals with why they were made or refused. */
export function DirectorView(props: { director: DirectorReply }) {
  const { t, tx } = useT();
  const d = props.director;
  if (!d.enabled) return <p class="empty">{t('admin_story.no_director')}</p>;
  return (
    <div class="director" data-testid="director">
      <p>
        <b data-testid="director-phase">{t(`admin_story.phase.${d.phase}`)}</b>
        <span class="dim">
          {' '}
          · {t('admin_story.since', { tick: d.since })} · {t('admin_story.counts', { accepted: d.accepted, refused: d.refused })}
        </span>
      </p>
      <p>
        {t('admin_story.tension')}: {Math.round(d.tension)}
        {d.band && <span class="dim"> ({t('admin_story.band', { low: d.band.low, high: d.band.high })})</span>}
      </p>
      <ul class="measures">
        {d.measures.map((m) => (
          <li key={m.id}>
            <span>{tx(m.name)}</span>
            {m.value === null ? (
              <span class="dim">{t('admin_story.no_reading')}</span>
            ) : (
              <div class="progress" title={String(Math.round(m.value))}>
                <i style={{ width: `${Math.max(0, Math.min(100, m.value))}%` }} />
              </div>
            )}
          </li>
        ))}
      </ul>
      <h4>{t('admin_story.proposals')}</h4>
      {d.proposals.length === 0 ? (
        <p class="empty">{t('admin_story.no_proposals')}</p>
      ) : (
        <ol class="proposals" data-testid="director-proposals">
          {d.proposals.map((p, i) => (
            <li key={i} class={p.refused ? 'refused' : 'accepted'} data-testid="director-proposal">
              <span class="dim">{t('admin_story.at', { tick: p.tick })}</span> <b>{tx(p.name)}</b>
              {p.placeName && <> · {tx(p.placeName)}</>}{' '}
              <span class="dim">
                ({t(`admin_story.aim.${p.aim}`)}, {t('admin_story.tension')} {Math.round(p.tension)})
              </span>
              <p>
                {t('admin_story.why')}: {tx(p.why)}
              </p>
              {p.refused ? (
                <p class="problem">
                  {t('admin_story.refused')}: {tx(p.refused.message)}
                </p>
              ) : (
                <p class="dim">{t('admin_story.accepted')}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
