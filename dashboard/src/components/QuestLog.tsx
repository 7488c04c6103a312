import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { useT } from '../i18n.ts';
import type { QuestLogEntry } from '../storyTypes.ts';
import type { Text } from '../types.ts';
import { Problem } from './Problem.tsx';
import { QuestItem } from './QuestItem.tsx';

const ORDER = { taken: 0, offered: 1, completed: 2, failed: 3 } as const;

/** The quests offered to and taken by the player; taking one is queued for the Judge at the next tick. */
export function QuestLog(props: {
  world: string;
  actor: string;
  token: string;
  tick: number;
  quests: QuestLogEntry[] | null;
  onTaken: () => void;
}) {
  const { t } = useT();
  const [queued, setQueued] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Text | string | null>(null);
  if (!props.quests) return null;
  const take = async (q: string) => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.takeQuest(props.world, props.actor, props.token, q);
      setQueued((m) => ({ ...m, [q]: r.queuedFor }));
      props.onTaken();
    } catch (e) {
      setError(e instanceof ApiError && e.text ? e.text : 'failed');
    } finally {
      setBusy(false);
    }
  };
  const list = [...props.quests].sort((a, b) => ORDER[a.status] - ORDER[b.status] || b.offeredAt - a.offeredAt);
  return (
    <section class="quest-log" data-testid="quest-log" aria-label={t('questlog.title')}>
      <h3>{t('questlog.title')}</h3>
      {list.length === 0 ? (
        <p class="empty">{t('questlog.none')}</p>
      ) : (
        <ul>
          {list.map((q) => (
            <QuestItem
              key={q.id}
              quest={q}
              tick={props.tick}
              busy={busy}
              onTake={() => take(q.id)}
              queuedFor={q.status === 'offered' && queued[q.id] !== undefined ? queued[q.id] : null}
            />
          ))}
        </ul>
      )}
      <Problem error={error} fallback="questlog.take_failed" />
    </section>
  );
}
