import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api.ts';
import type { QuestLogEntry, SessionReply, StoryOptionView } from './storyTypes.ts';

/**
 * The player's story session as the server keeps it (so a reload or a restart shows the same) and
 * the story's choices now, read again as the world moves on.
 */
export function useSession(world: string, actor: string | null, token: string | null, tick: number) {
  const [reply, setReply] = useState<SessionReply | null>(null);
  const [quests, setQuests] = useState<QuestLogEntry[] | null>(null);
  const [options, setOptions] = useState<StoryOptionView[]>([]);
  const busy = useRef(false);
  // the world moved on while a read was under way: that read is dropped, and one more follows it
  const stale = useRef(false);
  const [again, setAgain] = useState(0);
  useEffect(() => {
    if (!actor || !token) return;
    if (busy.current) {
      stale.current = true;
      return;
    }
    let live = true;
    busy.current = true;
    stale.current = false;
    Promise.allSettled([
      api.session(world, actor, token).then((r) => {
        if (live) setReply(r);
      }),
      api.questLog(world, actor, token).then((r) => {
        if (live) setQuests(r.quests);
      }),
      api.storyOptions(world, actor, token).then((r) => {
        if (live) setOptions(r.options);
      }),
      // a part that failed (not in the world yet: the join is committed at the next tick) keeps what it had
    ]).finally(() => {
      busy.current = false;
      if (stale.current) setAgain((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [world, actor, token, tick, again]);
  return { reply, quests, options, refresh: () => setAgain((n) => n + 1) };
}
