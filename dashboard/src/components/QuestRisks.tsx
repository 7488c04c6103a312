import { useT } from '../i18n.ts';
import type { AdminQuest } from '../storyTypes.ts';
import type { Text } from '../types.ts';

const isText = (x: unknown): x is Text => typeof x === 'object' && x !== null && typeof (x as Text).cn === 'string' && typeof (x as Text).en === 'string';

/** Every quest with what its giver withholds, and whether each source's claim is true: the admin's view. */
export function QuestRisks(props: { quests: AdminQuest[] }) {
  const { t, tx } = useT();
  if (!props.quests.length) return <p class="empty">{t('questlog.none')}</p>;
  return (
    <ul class="quest-risks" data-testid="quest-risks">
      {props.quests.map((q) => {
        const risk = q.risk ? (isText(q.risk.msg) ? q.risk.msg : isText(q.risk.text) ? q.risk.text : null) : null;
        return (
          <li key={q.id} data-testid="quest-risk">
            <p><b>{tx(q.stated)}</b>{q.status && <span class="dim"> · {t(`questlog.status.${q.status}`)}</span>}</p>
            <p class="risk">{t('admin_story.risk')}: {risk ? tx(risk) : t('admin_story.no_risk')}</p>
            <ul>
              {q.sources.map((s, i) => {
                const truth = s.true ?? s.truth;
                return (
                  <li key={i}>
                    {t('questlog.claim', { source: tx(s.name), claim: tx(s.claim) })}{' '}
                    <span class={truth ? 'true' : 'false'}>{truth === undefined ? t('admin_story.truth_unknown') : t(truth ? 'admin_story.claim_true' : 'admin_story.claim_false')}</span>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
