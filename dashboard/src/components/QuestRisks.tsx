import { useT } from '../i18n.ts';
import type { AdminQuest } from '../storyTypes.ts';

/** Every quest with what its giver withholds, and whether each source's claim is true: the admin's view. */
export function QuestRisks(props: { quests: AdminQuest[] }) {
  const { t, tx } = useT();
  if (!props.quests.length) return <p class="empty">{t('questlog.none')}</p>;
  return (
    <ul class="quest-risks" data-testid="quest-risks">
      {props.quests.map((q) => (
        <li key={q.id} data-testid="quest-risk">
          <p>
            <b>{tx(q.stated)}</b>
            <span class="dim">
              {' '}
              · {tx(q.giverName)} · {t(`questlog.status.${q.status}`)}
            </span>
          </p>
          <p class="risk">
            {t('admin_story.risk')}: {tx(q.risk.text)}
          </p>
          <ul>
            {q.sources.map((s, i) => (
              <li key={i}>
                {t('questlog.claim', { source: tx(s.name), claim: tx(s.claim) })}{' '}
                <span class={s.true ? 'true' : 'false'}>{t(s.true ? 'admin_story.claim_true' : 'admin_story.claim_false')}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
