import type { ToolCall } from '../model/tools.ts';
import type { Channel, Kind, Manner, MannerMechanism, Mode, Purpose, PurposeMechanism, Vocabulary } from '../model/vocabulary.ts';
import { own } from '../model/ids.ts';

type Permit = Vocabulary['roles'][string]['permits'][number];
type Section = 'modes' | 'channels' | 'manners' | 'purposes' | 'kinds' | 'roles';

/**
 * The one registry of a pack's words: every part (rule engine, Judge, attribution, policy brain,
 * intent parser, server catalog, prompts, renderer) asks it what a manner, a purpose, a mode, a
 * channel, a role or a kind means. Lookups are own-property only: a call's word is hostile input.
 */
export class Words {
  private readonly mannerBy = new Map<MannerMechanism, string>();
  private readonly purposeBy = new Map<PurposeMechanism, string>();
  private readonly channelBy = new Map<Channel['reach'], string>();

  constructor(readonly v: Vocabulary) {
    for (const [id, m] of Object.entries(v.manners)) if (!this.mannerBy.has(m.does)) this.mannerBy.set(m.does, id);
    for (const [id, p] of Object.entries(v.purposes)) if (!this.purposeBy.has(p.does)) this.purposeBy.set(p.does, id);
    for (const [id, c] of Object.entries(v.channels)) if (!this.channelBy.has(c.reach)) this.channelBy.set(c.reach, id);
  }

  manner(id: string): Manner | undefined {
    return own(this.v.manners, id);
  }
  mode(id: string): Mode | undefined {
    return own(this.v.modes, id);
  }
  channel(id: string): Channel | undefined {
    return own(this.v.channels, id);
  }
  kind(id: string): Kind | undefined {
    return own(this.v.kinds, id);
  }

  purpose(id: string): Purpose | undefined {
    return own(this.v.purposes, id);
  }
  /** A purpose the pack does not declare is plain spending into `spending` (the model may name one of its own). */
  purposeDoes(id: string): PurposeMechanism {
    return this.purpose(id)?.does ?? 'spend';
  }
  mannerDoes(id: string): MannerMechanism | undefined {
    return this.manner(id)?.does;
  }

  /** The pack's first word for a mechanism, for code that proposes calls (policy brain, intent parser). */
  mannerFor(does: MannerMechanism): string | undefined {
    return this.mannerBy.get(does);
  }
  purposeFor(does: PurposeMechanism): string | undefined {
    return this.purposeBy.get(does);
  }
  channelFor(reach: Channel['reach']): string | undefined {
    return this.channelBy.get(reach);
  }

  /** Whether any of these roles permits it. */
  permits(roles: readonly string[], permit: Permit): boolean {
    for (const r of roles) if (own(this.v.roles, r)?.permits.includes(permit)) return true;
    return false;
  }

  private readonly idsOf = new Map<Section, readonly string[]>();
  /** The ids a section declares, in the pack's order (one list per section, not one per call). */
  ids(section: Section): readonly string[] {
    let ids = this.idsOf.get(section);
    if (!ids) this.idsOf.set(section, (ids = Object.keys(this.v[section])));
    return ids;
  }

  /** The fund money spent by a call goes into instead of a sink (a purpose's `fund`), if any. */
  fundOf(call: ToolCall): string | undefined {
    return call.tool === 'use_resource' ? this.purpose(call.args.purpose)?.fund : undefined;
  }

  /** The sink money a call spends without paying anyone disappears into. */
  sinkOf(call: ToolCall, templateKind: (id: string) => string | undefined): string {
    switch (call.tool) {
      case 'move':
        return this.mode(call.args.mode)?.sink ?? this.v.spending;
      case 'create': {
        const k = templateKind(call.args.what);
        return (k && this.kind(k)?.sink) ?? this.v.spending;
      }
      case 'use_resource':
        return this.purpose(call.args.purpose)?.sink ?? this.v.spending;
      default:
        return this.v.spending;
    }
  }
}
