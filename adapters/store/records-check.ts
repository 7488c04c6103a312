/**
 * What the event log says a world's players did, against what the store kept of their sessions. A
 * record file deleted, cut short or replaced loses records with no damaged line to show for it, but
 * the log knows two things that each leave a record at their tick: a player's action or refused call
 * follows a call they sent (a message), and a turn of their story or quest is remembered (a memory
 * record). A player with such an event after their newest record of that kind has lost records.
 * A call a bot brain made for a player's actor (`astinus run` has no players' queue) was never sent by
 * the player, so it is told by its id (bots/perception.ts: `<tick>:<actor>`) and not counted.
 * Events that may leave no record (a status that flapped back, said only once a while) prove nothing
 * and are not counted. Records lost before a player's newest one are not looked for: that would mean
 * reading the whole log and every record at each start.
 */
import { RECORD_KINDS, type RecordKind } from '../../sim/model/records.ts';
import type { Event, EventType } from '../../sim/model/events.ts';
import { report, type StoreLog } from './snapshot.ts';
import type { Store } from '../../sim/ports/store.ts';

const EVIDENCE: Record<RecordKind, ReadonlySet<EventType>> = {
  messages: new Set<EventType>(['action', 'call_failed']),
  memory: new Set<EventType>(['story_started', 'chapter_advanced', 'story_ended', 'quest_taken', 'quest_completed']),
};

/**
 * What the world's state already says of a player, so that the log is read only where it may hold
 * evidence: the tick they arrived, and for each kind the tick of the newest event that could leave such
 * a record (-1: none ever; at least as late as the truth, never earlier).
 */
export interface PlayerSeen {
  id: string;
  arrivedAt: number;
  newest: Record<RecordKind, number>;
}

/**
 * Reports (once per player and kind) records the log shows to be missing. `where` names each kind's
 * file or collection; `lastTick` is the last committed tick; `first` the first tick whose records this
 * store should hold (a fork's: `astinus fork` copies the original's ticks, not its records). A pair whose
 * newest record is as late as the state's newest evidence is not looked for; the log is read only from
 * the oldest tick a pair still behind could show, so an intact world reads none of it.
 */
export async function checkRecords(
  store: Store,
  seen: readonly PlayerSeen[],
  lastTick: number,
  where: Record<RecordKind, string>,
  log: StoreLog,
  first = 0,
): Promise<void> {
  const players = seen.map((p) => p.id);
  if (!players.length || lastTick < 0) return;
  const key = (kind: RecordKind, player: string) => `${kind}\n${player}`;
  /** the tick of each player's newest record of each kind, -1 for none */
  const since = new Map<string, number>();
  let from = Infinity;
  for (const kind of RECORD_KINDS) {
    for (const p of seen) {
      if (p.newest[kind] < Math.max(first, p.arrivedAt)) continue;
      const [newest] = await store.readRecords(kind, p.id, { limit: 1 });
      const t = newest ? newest.tick : -1;
      if (t >= p.newest[kind]) continue;
      since.set(key(kind, p.id), t);
      from = Math.min(from, Math.max(t + 1, first, p.arrivedAt));
    }
  }
  if (from > lastTick) return;
  const found = new Map<string, { count: number; tick: number }>();
  const isPlayer = new Set(players);
  for await (const e of store.readEvents(from, lastTick)) {
    const actor = (e as { actor?: unknown }).actor;
    if (typeof actor !== 'string' || !isPlayer.has(actor) || botCall(e)) continue;
    for (const kind of RECORD_KINDS) {
      const k = key(kind, actor);
      const s = since.get(k);
      if (s === undefined || !EVIDENCE[kind].has(e.type) || e.tick <= s) continue;
      const f = found.get(k) ?? found.set(k, { count: 0, tick: e.tick }).get(k)!;
      f.count++;
      f.tick = e.tick;
    }
  }
  for (const kind of RECORD_KINDS) {
    for (const player of [...players].sort()) {
      const f = found.get(key(kind, player));
      if (!f) continue;
      const s = since.get(key(kind, player))!;
      report(
        log,
        s < 0 ? 'backends.store.records_none' : 'backends.store.records_behind',
        { file: where[kind], player, kind, since: s, count: f.count, tick: f.tick },
        'session records are missing: the event log shows more',
      );
    }
  }
}

/** Whether a player's action was decided by a bot brain for their actor, not sent by them. */
function botCall(e: Event): boolean {
  if (e.type !== 'action' && e.type !== 'call_failed') return false;
  const id = e.type === 'action' ? e.call.id : e.failed.id;
  return id === `${e.tick}:${e.actor}` || id === `${e.tick}:${e.actor}:answer`;
}
