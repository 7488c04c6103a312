import { useT } from '../i18n.ts';
import type { QuestLogEntry } from '../storyTypes.ts';

/** One quest as its taker sees it: what the giver says, who else says what (their reliability unknown), how far along, what it pays. */
export function QuestItem(props: { quest: QuestLogEntry; tick: number; queuedFor: number | null; busy: boolean; onTake: () => void }) {
  const { t, tx } = useT();
  const q = props.quest;
  const progress = Math.max(0, Math.min(100, Math.round(q.progress)));
  const left = q.deadline - props.tick;
  return (
    <li class={`quest ${q.status}`} data-testid="quest" data-status={q.status}>
      <p class="quest-goal">
        <b>{tx(q.stated)}</b>
      </p>
      <p class="dim">
        {t('questlog.from', { giver: tx(q.giverName) })} · <span data-testid="quest-status">{t(`questlog.status.${q.status}`)}</span>
      </p>
      {q.sources.length > 0 && (
        <ul class="quest-sources">
          {q.sources.map((s, i) => (
            <li key={i}>
              {t('questlog.claim', { source: tx(s.name), claim: tx(s.claim) })}{' '}
              <span class="dim">({t('questlog.reliability_unknown')})</span>
            </li>
          ))}
        </ul>
      )}
      <div
        class="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-label={t('questlog.progress')}
      >
        <i style={{ width: `${progress}%` }} />
      </div>
      <p class="dim">
        {t('questlog.reward', { amount: tx(q.reward.text) })}
        {(q.status === 'offered' || q.status === 'taken') && (
          <> · {left >= 0 ? t('questlog.due', { when: tx(q.deadlineText) }) : t('questlog.overdue')}</>
        )}
      </p>
      {/* a take sent now is judged at the next tick: held then, it is theirs */}
      {q.status === 'offered' && q.heldForYou && q.heldForYou.until > props.tick && (
        <p class="dim" data-testid="quest-held">
          {t('questlog.held', { when: tx(q.heldForYou.text) })}
        </p>
      )}
      {q.status === 'offered' &&
        (props.queuedFor !== null ? (
          <p class="queued" data-testid="quest-queued">
            {t('questlog.queued', { tick: props.queuedFor })}
          </p>
        ) : q.take && !q.take.ok ? (
          // the Judge would refuse the take now (the giver is elsewhere, say): why, instead of a button
          <p class="dim" data-testid="quest-cannot-take">
            {q.take.why ? tx(q.take.why) : ''}
          </p>
        ) : (
          <button type="button" data-testid="quest-take" disabled={props.busy} onClick={props.onTake}>
            {t('questlog.take')}
          </button>
        ))}
    </li>
  );
}
