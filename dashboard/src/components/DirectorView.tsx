import { useT } from '../i18n.ts';
import type { DirectorReply } from '../storyTypes.ts';

/** The director's phase, its tension and each measure behind it, and its recent proposals with why they were made or refused. */
export function DirectorView(props: { director: DirectorReply }) {
  const { t, tx } = useT();
  const d = props.director;
  const measures = Array.isArray(d.measures) ? d.measures : Object.entries(d.measures).map(([id, value]) => ({ id, value, name: undefined }));
  return (
    <div class="director" data-testid="director">
      <p>
        <b data-testid="director-phase">{t(`admin_story.phase.${d.phase}`)}</b>
        <span class="dim"> · {t('admin_story.since', { tick: d.since })} · {t('admin_story.counts', { accepted: d.accepted, refused: d.refused })}</span>
      </p>
      <p>{t('admin_story.tension')}: {Math.round(d.tension)}</p>
      <ul class="measures">
        {/* a measure without a name from the server is shown by its place in the list, never by its id */}
        {measures.map((m, i) => (
          <li key={m.id}>
            <span>{m.name ? tx(m.name) : t('admin_story.measure', { n: i + 1 })}</span>
            <div class="progress"><i style={{ width: `${Math.max(0, Math.min(100, m.value))}%` }} /></div>
          </li>
        ))}
      </ul>
      <h4>{t('admin_story.proposals')}</h4>
      {d.proposals.length === 0 ? <p class="empty">{t('admin_story.no_proposals')}</p> : (
        <ol class="proposals" data-testid="director-proposals">
          {[...d.proposals].reverse().map((p, i) => (
            <li key={i} class={p.refused ? 'refused' : 'accepted'}>
              <span class="dim">{t('admin_story.at', { tick: p.tick })}</span>{' '}
              <b>{p.name ? tx(p.name) : t(`admin_story.aim.${p.aim}`)}</b>{' '}
              ({t(`admin_story.aim.${p.aim}`)}, {t('admin_story.tension')} {Math.round(p.tension)})
              <p>{t('admin_story.why')}: {tx(p.why)}</p>
              {p.refused && <p class="problem">{t('admin_story.refused')}: {tx(p.refused)}</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
