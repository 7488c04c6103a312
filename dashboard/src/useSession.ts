import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api.ts';
import type { QuestLogEntry, SessionReply } from './storyTypes.ts';

/**
 * The player's story session as the server keeps it (so a reload or a restart shows the same), read
 * again as the world moves on. Where the server has no session route, the quest log alone is read
 * from the quests route; where it has neither, both stay empty and the panels say so.
 */
export function useSession(world: string, actor: string | null, token: string | null, tick: number) {
  const [reply, setReply] = useState<SessionReply | null>(null);
  const [quests, setQuests] = useState<QuestLogEntry[] | null>(null);
  const busy = useRef(false);
  const [again, setAgain] = useState(0);
  useEffect(() => {
    if (!actor || !token || busy.current) return;
    let live = true;
    busy.current = true;
    (async () => {
      try {
        const r = await api.session(world, actor, token);
        if (!live) return;
        setReply(r);
        setQuests(Array.isArray(r.quests) ? r.quests : null);
      } catch {
        try {
          const q = await api.questLog(world, actor, token);
          if (live) setQuests(Array.isArray(q) ? q : Array.isArray(q?.quests) ? q.quests : null);
        } catch { /* not in the world yet, or no quests here */ }
      } finally {
        busy.current = false;
      }
    })();
    return () => { live = false; };
  }, [world, actor, token, tick, again]);
  return { reply, quests, refresh: () => setAgain((n) => n + 1) };
}
