import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { load } from '../storage.ts';
import type { AdminQuest, DirectorReply } from '../storyTypes.ts';
import { DirectorView } from './DirectorView.tsx';
import { QuestRisks } from './QuestRisks.tsx';

/** how often (in ticks) the admin's view is read again */
const EVERY = 3;

type Got<T> = { ok: T } | { missing: true } | { denied: true } | null;

async function get<T>(f: () => Promise<T>): Promise<Got<T>> {
  try {
    return { ok: await f() };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return { denied: true };
    return { missing: true };
  }
}

/** What only the admin sees of the story layer: the quests' hidden risks and the director. Needs the admin token typed in the controls. */
export function AdminStory() {
  const { t } = useT();
  const { world, tick } = useWorldCtx();
  // the token is typed in the controls (kept in localStorage): read again every second, so a still world shows it too
  const [token, setToken] = useState(() => load('admin', '').trim());
  useEffect(() => {
    const timer = setInterval(() => setToken(load('admin', '').trim()), 1000);
    return () => clearInterval(timer);
  }, []);
  const [quests, setQuests] = useState<Got<AdminQuest[]>>(null);
  const [director, setDirector] = useState<Got<DirectorReply>>(null);
  useEffect(() => {
    if (!token || !world) return;
    let live = true;
    void get(() => api.adminQuests(world, token)).then((r) => {
      if (live) setQuests(r && 'ok' in r ? { ok: r.ok.quests } : r);
    });
    void get(() => api.director(world, token)).then((r) => {
      if (live) setDirector(r);
    });
    return () => {
      live = false;
    };
  }, [world, token, Math.floor(tick / EVERY)]);
  if (!token)
    return (
      <p class="empty" data-testid="admin-story-locked">
        {t('admin_story.need_token')}
      </p>
    );
  const note = (g: Got<unknown>) => (g === null ? t('loading') : 'denied' in g ? t('admin_story.denied') : t('admin_story.unavailable'));
  return (
    <div class="admin-story" data-testid="admin-story">
      <h3>{t('admin_story.quests')}</h3>
      {quests && 'ok' in quests ? <QuestRisks quests={quests.ok} /> : <p class="empty">{note(quests)}</p>}
      <h3>{t('admin_story.director')}</h3>
      {director && 'ok' in director ? <DirectorView director={director.ok} /> : <p class="empty">{note(director)}</p>}
    </div>
  );
}
