import { useEffect, useRef, useState } from 'preact/hooks';
import { io, type Socket } from 'socket.io-client';
import { api, ApiError, viewerToken } from './api.ts';
import type {
  ActorSummary,
  CatalogView,
  EntityView,
  EventView,
  FactView,
  Metrics,
  PlaceView,
  StatusMsg,
  Text,
  TickMsg,
  WorldSummary,
} from './types.ts';

export const FEED_MAX = 300;
const REFRESH_ON = /^(entity_|location_created|fact_|joined|place_mood)/;

export type WorldData = {
  world: WorldSummary | null;
  status: StatusMsg | null;
  tick: number;
  connected: boolean;
  places: PlaceView[];
  actors: ActorSummary[];
  entities: EntityView[];
  facts: FactView[];
  /** feed lines, newest first */
  feed: EventView[];
  metrics: Metrics | null;
  /** the choices of the player's tool form (templates, items, purposes), when the server offers them */
  catalog: CatalogView | null;
  /** a problem to show, as the server phrased it or as a dashboard key */
  error: { text: Text | null; key: string } | null;
  /** when a tick last arrived, to count down and animate */
  lastTickAt: number;
  /** the last tick's events, all of them (the map animates walks, speech and acts from them) */
  events: EventView[];
};

const EMPTY: WorldData = {
  world: null,
  status: null,
  tick: 0,
  connected: false,
  places: [],
  actors: [],
  entities: [],
  facts: [],
  feed: [],
  metrics: null,
  catalog: null,
  error: null,
  lastTickAt: 0,
  events: [],
};

/** A tick carries only the actors it changed: update those, add newcomers, keep the rest. */
function mergeActors(old: ActorSummary[], changed: ActorSummary[]): ActorSummary[] {
  if (!changed.length) return old;
  const byId = new Map(changed.map((a) => [a.id, a]));
  const out = old.map((a) => byId.get(a.id) ?? a);
  const known = new Set(old.map((a) => a.id));
  return out.concat(changed.filter((a) => !known.has(a.id)));
}

const errorOf = (e: unknown): WorldData['error'] =>
  e instanceof ApiError
    ? { text: e.text, key: e.code === 'network' ? 'error.network' : 'error.server' }
    : { text: null, key: 'error.server' };

/** The world the dashboard watches: a REST snapshot, then live updates from the socket. */
export function useWorld(): WorldData & { setStatus: (s: Partial<StatusMsg>) => void } {
  const [data, setData] = useState<WorldData>(EMPTY);
  const patch = (p: Partial<WorldData> | ((d: WorldData) => Partial<WorldData>)) =>
    setData((d) => ({ ...d, ...(typeof p === 'function' ? p(d) : p) }));
  const busy = useRef(new Set<string>());

  useEffect(() => {
    let socket: Socket | null = null;
    let stopped = false;
    // one request of each kind at a time; one asked while it runs goes once it is done
    const again = new Set<string>();
    const refresh = (kind: string, run: () => Promise<Partial<WorldData>>) => {
      if (stopped) return;
      if (busy.current.has(kind)) {
        again.add(kind);
        return;
      }
      busy.current.add(kind);
      run()
        .then((p) => !stopped && patch(p))
        .catch(() => {})
        .finally(() => {
          busy.current.delete(kind);
          if (again.delete(kind)) refresh(kind, run);
        });
    };

    (async () => {
      let worlds: WorldSummary[];
      try {
        worlds = await api.worlds();
      } catch (e) {
        patch({ error: errorOf(e) });
        return;
      }
      const wanted = new URLSearchParams(location.search).get('world');
      const world = worlds.find((x) => x.id === wanted) ?? worlds[0];
      if (!world || stopped) {
        patch({ error: { text: null, key: 'error.no_world' } });
        return;
      }
      const w = world.id;
      patch({
        world,
        tick: world.tick,
        status: { paused: world.paused, tickMs: world.tickMs, tick: world.tick, turnBased: world.turnBased, joining: world.joining },
      });
      // a private world answers once a token is known (typed in the controls, or a player's): keep asking
      for (;;) {
        try {
          const [places, actors, entities, facts, page] = await Promise.all([
            api.places(w),
            api.actors(w),
            api.entities(w),
            api.facts(w),
            api.events(w, { last: 1000 }),
          ]);
          if (stopped) return;
          patch({
            places,
            actors,
            entities,
            facts,
            error: null,
            feed: page.events
              .filter((e) => e.text)
              .reverse()
              .slice(0, FEED_MAX),
          });
          break;
        } catch (e) {
          patch({ error: errorOf(e) });
          if (stopped || !(e instanceof ApiError && e.status === 401)) return;
          await new Promise((r) => setTimeout(r, 2000));
        }
      }
      refresh('metrics', async () => ({ metrics: await api.metrics(w) }));
      refresh('catalog', async () => ({ catalog: await api.catalog(w) }));

      const token = viewerToken(w);
      socket = io({ auth: token ? { world: w, token } : { world: w }, transports: ['websocket', 'polling'] });
      let connects = 0;
      socket.on('connect', () => {
        patch({ connected: true, error: null });
        // after a reconnection, catch up on what the missed ticks changed
        if (connects++ > 0)
          refresh('actors', async () => ({ actors: await api.actors(w), places: await api.places(w), entities: await api.entities(w) }));
      });
      socket.on('disconnect', () => patch({ connected: false }));
      socket.on('connect_error', () => patch({ connected: false }));
      socket.on('status', (s: StatusMsg) => patch({ status: s, tick: Math.max(s.tick, 0) }));
      socket.on('error', (e: { code: string; message: Text }) => patch({ error: { text: e.message, key: 'error.server' } }));
      socket.on('tick', (m: TickMsg) => {
        const lines = m.events.filter((e) => e.text).reverse();
        patch((d) => ({
          tick: m.tick,
          actors: mergeActors(d.actors, m.actors),
          lastTickAt: Date.now(),
          events: m.events,
          status: d.status ? { ...d.status, tick: m.tick } : d.status,
          feed: lines.length ? [...lines, ...d.feed].slice(0, FEED_MAX) : d.feed,
        }));
        if (m.events.some((e) => REFRESH_ON.test(e.type))) {
          refresh('places', async () => ({ places: await api.places(w), entities: await api.entities(w) }));
          refresh('facts', async () => ({ facts: await api.facts(w) }));
        }
        if (m.tick % 3 === 0) refresh('metrics', async () => ({ metrics: await api.metrics(w) }));
      });
    })();
    return () => {
      stopped = true;
      socket?.close();
    };
  }, []);

  return { ...data, setStatus: (s) => patch((d) => ({ status: d.status ? { ...d.status, ...s } : d.status })) };
}
