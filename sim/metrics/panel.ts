import type { Event } from '../model/events.ts';
import { STRATEGIES, type Strategy } from '../model/strategy.ts';
import { membersOf } from '../state/members.ts';
import type { ActorState, WorldState } from '../state/types.ts';
import { cell } from './rows.ts';

/** The panel's columns (a contract: new columns only at the end); sim/metrics/README.md defines each. */
export const PANEL_COLUMNS = [
  'tick',
  'person',
  'soul',
  'money',
  'energy',
  'place',
  'status',
  'strategy',
  'leaning',
  'actions',
  'rejections',
  'reputation',
  'relations',
  'knows',
] as const;

/** The edge list's columns: one row per feeling that changed in a tick, its weight at the end of it. */
export const EDGE_COLUMNS = ['tick', 'from', 'to', 'weight'] as const;

/**
 * The per-person panel and the edge list of a world, as CSV text, tick by tick: fed every event as
 * it is read (`event`) and the state at the end of each tick (`tick`), the same state the metrics
 * fold reads (./fold.ts). What a person did in a tick (actions, the strategy of the last, refusals)
 * comes from the events; everything else is read from the state.
 */
export class PanelWriter {
  private readonly did = new Map<string, { actions: number; rejections: number; strategy: Strategy | null }>();
  private changed = new Map<string, [string, string]>();
  /** the weight each edge was last written with, so a feeling moved and moved back in one tick writes nothing */
  private readonly weights = new Map<string, number>();

  constructor(
    private readonly panel: ((csv: string) => void) | null,
    private readonly edges: ((csv: string) => void) | null,
  ) {
    panel?.(PANEL_COLUMNS.join(',') + '\n');
    edges?.(EDGE_COLUMNS.join(',') + '\n');
  }

  /** The feelings the state starts with, as rows at its tick (-1: before the first). */
  start(initial: WorldState): void {
    let out = '';
    for (const a of membersOf(initial.actors))
      for (const to of Object.keys(a.relations).sort()) {
        const w = a.relations[to];
        if (w === 0 || to === a.id) continue;
        this.weights.set(edgeKey(a.id, to), w);
        out += `${initial.tick},${cell(a.id)},${cell(to)},${cell(w)}\n`;
      }
    if (out) this.edges?.(out);
  }

  event(e: Event): void {
    switch (e.type) {
      case 'action': {
        const d = this.person(e.actor);
        d.actions++;
        d.strategy = e.strategy;
        break;
      }
      case 'call_failed':
        this.person(e.actor).rejections++;
        break;
      case 'relationship_changed':
        if (e.from !== e.to) this.changed.set(edgeKey(e.from, e.to), [e.from, e.to]);
        break;
      default:
        break;
    }
  }

  /** The rows of one tick, read from the state at its end. */
  tick(tick: number, s: WorldState): void {
    if (this.panel) {
      let out = '';
      for (const a of membersOf(s.actors)) {
        const d = this.did.get(a.id);
        out +=
          [
            tick,
            cell(a.id),
            cell(a.soul),
            cell(a.money),
            cell(a.energy),
            cell(a.location),
            a.status,
            d?.strategy ?? '',
            leaning(a),
            d?.actions ?? 0,
            d?.rejections ?? 0,
            cell(a.reputation),
            feelings(a),
            a.knows.length,
          ].join(',') + '\n';
      }
      this.panel(out);
    }
    if (this.edges) {
      let out = '';
      for (const [key, [from, to]] of this.changed) {
        const w = s.actors[from]?.relations[to] ?? 0;
        if (w === (this.weights.get(key) ?? 0)) continue;
        this.weights.set(key, w);
        out += `${tick},${cell(from)},${cell(to)},${cell(w)}\n`;
      }
      if (out) this.edges(out);
    }
    this.did.clear();
    this.changed = new Map();
  }

  private person(id: string) {
    let d = this.did.get(id);
    if (!d) this.did.set(id, (d = { actions: 0, rejections: 0, strategy: null }));
    return d;
  }
}

const edgeKey = (from: string, to: string) => `${from}\u0000${to}`;

/** the strategy weighed highest (the first of equals, in the strategies' order) */
function leaning(a: ActorState): Strategy {
  let best: Strategy = STRATEGIES[0];
  for (const s of STRATEGIES) if ((a.strategy[s] ?? 0) > (a.strategy[best] ?? 0)) best = s;
  return best;
}

/** feelings held toward others that are not 0 */
function feelings(a: ActorState): number {
  let n = 0;
  for (const to in a.relations) if (a.relations[to] !== 0 && to !== a.id) n++;
  return n;
}
