import { strategyOf } from '../model/attribution.ts';
import type { Consequence, WorldChange } from '../model/consequence.ts';
import type { Event, EventBody, FailedCall, Reason } from '../model/events.ts';
import type { Strategy } from '../model/strategy.ts';
import type { NeedWarnLevel, WarnLevel } from '../model/needs.ts';
import type { Need } from '../model/scenario.ts';
import { type Message, msg, ref, type Text, visible } from '../model/text.ts';
import type { Claim } from '../model/claims.ts';
import { claimLabel, unbackedClaims } from './claims.ts';
import { hearsay, holdToChanges } from './hearsay.ts';
import type { ToolCall } from '../model/tools.ts';
import { type Catalog, placeExists, type Toll, travelCost } from '../scenario/catalog.ts';
import { applyEvent, clamp } from '../state/apply.ts';
import type { WorldState } from '../state/types.ts';
import { canonicalJson, sortedKeys } from '../lib/canonical.ts';
import { checkCall, sinkOf } from './calls.ts';
import { type Proposer, proposers, validateChange } from './changes.ts';
import { Draft } from './draft.ts';
import { heldToBand, paidForBand, settleCheck } from './checks.ts';
import { type Check, checkFor, type Draw } from '../model/check.ts';
import type { Band } from '../model/dice.ts';
import { check, reject, Rejection } from './reasons.ts';
import { isSafeId, own, table } from '../model/ids.ts';
import { type Argument, judgeArgument } from './argue.ts';
import { type Declaration, judgeDeclaration } from './declare.ts';
import { type Trait, Traits } from '../model/traits.ts';
import type { Intervention } from '../model/interventions.ts';
import { judgeIntervention } from './interventions.ts';
import { isClosed } from '../state/overrides.ts';
import { idlePlayers, judgeFree, type SeatRequest } from './seats.ts';
import { unpaidWork } from './unpaid.ts';
import { seated } from '../state/seats.ts';

/** A player asking to enter the world (the server queues it; the Judge decides at the next tick), with the traits they picked or wrote. */
export interface JoinRequest {
  actor: string;
  name: Text;
  concept: string;
  place: string;
  traits?: Trait[];
}

/** What the World Engine made of a call: a consequence, or an error it could not recover from. */
export type Outcome =
  | { ok: true; consequence: Consequence; /** from the rule engine in this process: its texts are the locales' own */ trusted?: boolean }
  | { ok: false; error: string };

/**
 * The only authority. One TickJudge per tick: proposals are judged one after another against the
 * state the previous ones left, each accepted whole (its events applied through the fold) or
 * rejected with a reason. `finish` closes the tick with its money reconciliation.
 */
export class TickJudge {
  readonly events: Event[] = [];
  readonly failed: FailedCall[] = [];
  private seq = 0;
  private actions = 0;
  private created = 0;
  private destroyed = 0;
  private readonly sources = table<number>();
  private readonly sinks = table<number>();
  private readonly rolled = new Map<string, number>();
  private readonly moneyBefore: number;

  /** `assume`: judge every check as if it came up this band, throwing no dice (a preview, which must not tell the roll) */
  constructor(
    readonly cat: Catalog,
    readonly state: WorldState,
    readonly tick: number,
    private readonly assume?: Band,
  ) {
    this.moneyBefore = state.moneyTotal;
  }

  /** Judge one tool call with what the World Engine proposed for it. */
  call(call: ToolCall, outcome: Outcome): FailedCall | null {
    const a = this.state.actors[call.actor];
    const strategy = a ? strategyOf(this.cat, call) : null;
    // once the dice are thrown they stand, whatever becomes of the proposal: a roll dropped with a
    // refusal would leave in the log only the bands whose proposals pass (and the engine saw it)
    const thrown: { roll: Check | null } = { roll: null };
    try {
      checkCall(this.cat, this.state, call);
      if (!outcome.ok) {
        thrown.roll = checkFor(this.cat, this.state, call, this.tick, this.draw(call.actor));
        return this.fail(call, strategy, 'error', { code: 'engine_error', message: msg('reason.engine_error') }, thrown.roll);
      }
      const { draft, unbacked } = this.draft(call, outcome.consequence, strategy!, outcome.trusted === true, thrown);
      // the final check of narration lives here, not in the engines: an answer from a remote worker
      // (or any engine) reaches the log only through the Judge, so this is where the guarantee holds
      holdToChanges(draft, call, unbacked);
      hearsay(this.cat, this.state, draft, call);
      this.commit(draft.events);
      this.actions++;
      return null;
    } catch (err) {
      if (!(err instanceof Rejection)) throw err;
      if (!a) return { id: call.id, tool: call.tool, status: 'rejected', reason: err.reason };
      return this.fail(call, strategy, 'rejected', err.reason, thrown.roll);
    }
  }

  /** The events a consequence would commit, and which of its texts' claims they do not carry. Throws a Rejection. */
  private draft(
    call: ToolCall,
    proposed: Consequence,
    strategy: Strategy,
    trusted = false,
    thrown?: { roll: Check | null },
  ): { draft: Draft; unbacked: ReadonlyMap<Message, Claim[]> } {
    const a = this.state.actors[call.actor];
    const d = new Draft(this.cat, this.state, this.tick, call.actor);
    const p = proposers.call(call.actor, a.location, strategy, call);
    // the dice are the Judge's: rolled here with the world's keyed generator, whatever anyone proposed
    const settled = settleCheck(this.cat, this.state, call, this.tick, proposed, this.draw(call.actor));
    const roll = (d.check = settled.roll);
    if (thrown) thrown.roll = roll;
    const c = settled.c;
    if (roll) d.emit(rolledEvent(call, a.location, roll));
    // the public line of words for one listener is the Judge's own: a model's narration could repeat them
    const aside = call.tool === 'express' && call.args.to !== undefined && !trusted;
    d.emit({
      type: 'action',
      actor: call.actor,
      strategy,
      call,
      place: a.location,
      narrative: aside ? asideLine(call) : c.narrative,
      side_effects: aside ? [] : c.side_effects,
    });
    this.chargeActor(d, call, c, p, strategy);
    paidForBand(roll, -(c.resource_changes.energy ?? 0), this.cat.scenario.vocabulary.checks.partialEnergy);
    let tolls: Toll[] | null = null;
    if (call.tool === 'move') {
      const cost = travelCost(this.cat, this.state, a.location, call.args.destination, call.args.mode, call.actor)!;
      tolls = cost.tolls;
      if (!(-d.pending(call.actor, 'money') >= cost.money && -d.pending(call.actor, 'energy') >= cost.energy))
        reject('underpaid', { money: cost.money, energy: cost.energy });
      d.emit({
        type: 'moved',
        actor: call.actor,
        from: a.location,
        to: call.args.destination,
        mode: call.args.mode,
        busyTicks: cost.ticks,
      });
    }
    for (const change of c.world_changes) {
      heldToBand(roll, change, call.actor);
      validateChange(d, change, p);
    }
    if (tolls) paidTolls(d, call.actor, tolls);
    // work its employer could not pay for, and was not paid for: the Judge's own record of it
    const unpaid = unpaidWork(d, call);
    if (unpaid) d.emit(unpaid);
    if (call.tool === 'interact' && this.state.actors[call.args.target]) {
      const does = this.cat.words.mannerDoes(call.args.manner);
      d.emit({
        type: 'addressed',
        actor: call.args.target,
        by: call.actor,
        manner: call.args.manner,
        msg: call.args.content,
        hostile: does === 'quarrel' || does === 'steal',
      });
    }
    // words for one listener reach them alone: the action shows the place that they were said, not what
    if (call.tool === 'express' && call.args.to !== undefined) {
      d.emit({ type: 'whispered', actor: call.args.to, by: call.actor, channel: call.args.channel, msg: call.args.content });
    }
    d.settle();
    // the rule engine's texts never claim what its changes lack (test/llm.truth.test.ts): no map made for each of its calls
    if (trusted) return { draft: d, unbacked: NOTHING_UNBACKED };
    const unbacked = new Map<Message, Claim[]>();
    for (const m of [c.narrative, ...c.side_effects]) {
      const claims = unbackedClaims(m, d.events, this.cat, this.state);
      if (claims.length) unbacked.set(m, claims);
    }
    return { draft: d, unbacked };
  }

  /**
   * What the Judge would say of a consequence, without committing anything: null if it would be
   * accepted with all its texts backed (or if the call itself is refused: that is the caller's
   * fault, not the engine's), else the reason. Engines use it to repair an answer before the tick.
   */
  dryRun(call: ToolCall, c: Consequence): Reason | null {
    try {
      checkCall(this.cat, this.state, call);
    } catch (err) {
      if (err instanceof Rejection) return null;
      throw err;
    }
    try {
      const { unbacked } = this.draft(call, c, strategyOf(this.cat, call));
      if (!unbacked.size) return null;
      const claims = [...new Set([...unbacked.values()].flat().map(claimLabel))].join(', ');
      return { code: 'unbacked_claim', message: msg('reason.unbacked_claim', { claims }) };
    } catch (err) {
      if (err instanceof Rejection) return err.reason;
      throw err;
    }
  }

  /**
   * A player (or a bot, sim/tick/argues.ts) argues that one of their traits fits a risky word (sim/judge/argue.ts), judged again
   * against this tick's state; only a new advantage is committed, and it is spent by their next check of that word.
   * One the server's model accepted (`by: 'model'`) keeps the model's judgement of fit; the rest
   * (an actor who can act, a trait of theirs, a risky word, not argued yet) is verified here all the same.
   */
  argue(r: Argument): Reason | null {
    const v = judgeArgument(this.cat, this.state, r);
    if (!v.ok) return v.reason;
    if (v.why === 'argued') this.commit([{ type: 'trait_argued', actor: r.actor, trait: r.trait, word: r.word }]);
    return null;
  }

  /**
   * A player declares a new trait in play where the pack allows it (sim/judge/declare.ts), judged
   * again against this tick's state: the pack's flag, a player who can act, fewer than three traits,
   * a new id, the pack's words. Committed, it counts from this tick's first check on.
   */
  declare(r: Declaration): Reason | null {
    const reason = judgeDeclaration(this.cat, this.state, r);
    if (reason) return reason;
    this.commit([{ type: 'trait_declared', actor: r.actor, trait: r.trait }]);
    return null;
  }

  /**
   * A player enters the world as a new actor: a fresh id, a name, a place that exists, joining open
   * and a free seat under the pack's cap (every seat held counts, the dead's included, until the
   * Judge frees it: ./seats.ts). The purse and energy are the pack's; a purse is booked under the pack's
   * declared source, so the tick's books name it, and a zero purse creates nothing.
   */
  join(r: JoinRequest, open = true): Reason | null {
    const rules = this.cat.scenario.meta.rules;
    const traits = r.traits ?? [];
    try {
      check(open, 'join_closed');
      check(/^[a-z0-9_-]{1,64}$/.test(r.actor) && isSafeId(r.actor) && !own(this.state.actors, r.actor), 'join_taken', { id: r.actor });
      check(playerCount(this.state) < rules.players.cap, 'join_full', { cap: rules.players.cap });
      // a name as it reads: nothing hidden in it that would let it pass for another's
      check(
        r.name.cn.trim() &&
          r.name.en.trim() &&
          r.name.cn.length <= 40 &&
          r.name.en.length <= 40 &&
          r.name.cn === visible(r.name.cn) &&
          r.name.en === visible(r.name.en),
        'join_name',
      );
      check(isSafeId(r.place) && placeExists(this.cat, this.state, r.place), 'unknown_place', { id: r.place });
      check(!isClosed(this.state, r.place), 'place_closed', { place: { ref: 'place', id: r.place } });
      // traits as a pack's are: the shape, at most three, distinct ids, and words the pack has
      check(
        Traits.safeParse(traits).success &&
          traits.every((t) => [...t.helps, ...t.hinders].every((w) => !!(this.cat.words.manner(w) ?? this.cat.words.purpose(w)))),
        'join_traits',
      );
    } catch (err) {
      if (err instanceof Rejection) return err.reason;
      throw err;
    }
    const { money, energy = rules.needs.energyMax, source } = rules.players;
    this.commit([
      {
        type: 'joined',
        actor: r.actor,
        name: r.name,
        concept: r.concept,
        place: r.place,
        money,
        energy,
        ...(money > 0 ? { source: source! } : {}),
        ...(traits.length ? { traits } : {}),
      },
    ]);
    return null;
  }

  /** The admin frees a player's seat (./seats.ts): committed when the actor still holds one. */
  free(r: SeatRequest): Reason | null {
    const reason = judgeFree(this.state, r);
    if (!reason) this.commit([{ type: 'seat_freed', actor: r.actor, by: 'admin', then: this.cat.scenario.meta.rules.players.whenFreed }]);
    return reason;
  }

  /** Seats whose player has not acted for the pack's `idleTicks` are freed, before this tick's joins. */
  freeIdle(): void {
    const then = this.cat.scenario.meta.rules.players.whenFreed;
    for (const actor of idlePlayers(this.cat, this.state, this.tick)) this.commit([{ type: 'seat_freed', actor, by: 'idle', then }]);
  }

  /**
   * A researcher's labelled intervention (./interventions.ts): its `intervened` event and the events
   * that carry out its effect, accepted whole or refused with a reason; a label commits once.
   */
  intervene(iv: Intervention): Reason | null {
    try {
      const { events, after } = judgeIntervention(this.cat, this.state, this.tick, iv);
      this.commit(events);
      return after ? this.proposal(after.proposer, after.changes) : null;
    } catch (err) {
      if (!(err instanceof Rejection)) throw err;
      // refused where the researcher will look: in the log, with the reason
      this.commit([{ type: 'intervention_refused', label: iv.label, kind: iv.kind, reason: err.reason }]);
      return err.reason;
    }
  }

  /** Judge changes proposed by a lasting effect or by the Judge's own clock. */
  proposal(p: Proposer, changes: WorldChange[]): Reason | null {
    return this.judged(p, (d) => {
      for (const change of changes) validateChange(d, change, p);
    });
  }

  /**
   * A verdict of the story layer (a quest, the director, a story's turn): `build` emits its events and
   * passes its changes through the validators on one draft, accepted whole or refused with the reason.
   */
  judged(p: Proposer, build: (d: Draft) => void): Reason | null {
    const d = new Draft(this.cat, this.state, this.tick, p.actor);
    try {
      build(d);
      d.settle();
      this.commit(d.events);
      return null;
    } catch (err) {
      if (!(err instanceof Rejection)) throw err;
      return err.reason;
    }
  }

  /** A brain produced something that is not a valid call for this actor. */
  error(actor: string, id: string, tool: string, code: string): void {
    const a = this.state.actors[actor];
    const failed: FailedCall = { id, tool, status: 'error', reason: { code, message: msg(`reason.${code}`) } };
    const sig = `${tool}|${code}`;
    this.commit([{ type: 'call_failed', actor, strategy: null, place: a.location, failed, sig, repeated: a.lastFailure?.sig === sig }]);
    this.failed.push(failed);
  }

  /** Reflection shifts an actor's own strategy weights, a bounded step at a time. */
  reflect(actor: string, r: { deltas: Partial<Record<Strategy, number>>; reasons: Message[] }): void {
    const deltas: Partial<Record<Strategy, number>> = {};
    for (const k of sortedKeys(r.deltas) as Strategy[]) deltas[k] = clamp(r.deltas[k]!, -0.5, 0.5);
    this.append({ type: 'reflected', actor, deltas, reasons: r.reasons });
  }

  /** Needs are charged by the Judge: an actor's body is not a proposal. */
  needs(actor: string, energy: number, more?: Record<string, number>): void {
    this.append(more === undefined ? { type: 'needs', actor, energy } : { type: 'needs', actor, energy, more });
  }

  /** So is what the body tells its owner on the way down (sim/model/needs.ts). */
  warn(actor: string, level: WarnLevel, below: number): void {
    this.append({ type: 'warned', actor, need: 'energy', level, below });
  }

  /** The same for a need the pack declares beyond energy. */
  warnNeed(actor: string, need: Need, level: NeedWarnLevel, below: number): void {
    this.append({ type: 'warned', actor, need: need.id, level, below, max: need.max });
  }

  /** The tick's books; `tokens` the model spent on it (booked only when some were). */
  finish(tokens = 0): Event[] {
    this.commit([
      {
        type: 'tick_summary',
        actions: this.actions,
        rejections: this.failed.length,
        money: {
          before: this.moneyBefore,
          created: this.created,
          destroyed: this.destroyed,
          after: this.state.moneyTotal,
          sources: sorted(this.sources),
          sinks: sorted(this.sinks),
        },
        ...(tokens > 0 ? { tokens } : {}),
      },
    ]);
    return this.events;
  }

  private chargeActor(d: Draft, call: ToolCall, c: Consequence, p: Proposer, strategy: Strategy): void {
    const caps = this.cat.scenario.meta.rules.caps;
    for (const resource of sortedKeys(c.resource_changes)) {
      const delta = c.resource_changes[resource];
      if (delta === 0 || resource === 'time') continue;
      if (resource === 'money') {
        // positive money for the actor must come through a declared source or a transfer
        check(delta < 0, 'money_from_nowhere', { source: 'resource_changes' });
        check(-delta <= caps.moneyPerAction, 'over_cap', { amount: -delta });
        d.move(call.actor, 'money', delta);
        // what a member pays in goes into the fund the purpose names: the money stays in the world, in a purse nobody owns
        const fund = this.cat.words.fundOf(call);
        if (fund !== undefined) {
          d.emit({ type: 'fund_paid_in', fund, from: call.actor, amount: -delta, debit: strategy });
          continue;
        }
        const sink = sinkOf(this.cat, call);
        check(this.cat.sinks.has(sink), 'invalid_args', { why: sink });
        d.emit({ type: 'money_destroyed', from: call.actor, amount: -delta, sink, debit: strategy });
      } else {
        if (resource === 'energy' && !(-delta <= caps.energyPerAction)) reject('over_cap', { amount: -delta });
        validateChange(d, { type: 'resource_gain', actor: call.actor, resource, amount: delta, reason: 'cost' }, p);
      }
    }
  }

  /** How the actor's next check is drawn: assumed in a preview, else after the rolls it already had this tick. */
  private draw(actor: string): Draw {
    return this.assume ? { assume: this.assume } : { before: this.rolledBy(actor) };
  }

  /** How many checks the actor has had rolled this tick: a slice built mid-tick (an answer) draws its check after them. */
  rolledBy(actor: string): number {
    return this.rolled.get(actor) ?? 0;
  }

  /** A refused call; `roll`: its dice if they were thrown, committed before the refusal. */
  private fail(
    call: ToolCall,
    strategy: ReturnType<typeof strategyOf> | null,
    status: FailedCall['status'],
    reason: Reason,
    roll: Check | null = null,
  ): FailedCall {
    const a = this.state.actors[call.actor];
    const sig = `${call.tool}|${canonicalJson(call.args)}`;
    const failed: FailedCall = { id: call.id, tool: call.tool, status, reason };
    if (roll) this.commit([rolledEvent(call, a.location, roll)]);
    this.commit([
      { type: 'call_failed', actor: call.actor, strategy, place: a.location, failed, sig, repeated: a.lastFailure?.sig === sig },
    ]);
    this.failed.push(failed);
    return failed;
  }

  private commit(bodies: EventBody[]): void {
    for (const body of bodies) this.append(body);
  }

  private append(body: EventBody): void {
    // bodies are fresh objects made for this commit: stamping them saves a copy per event
    const e = body as Event;
    e.tick = this.tick;
    e.seq = this.seq++;
    applyEvent(this.state, e);
    if (e.type === 'check_rolled') this.rolled.set(e.actor, this.rolledBy(e.actor) + 1);
    if (e.type === 'money_created') {
      this.created += e.amount;
      this.sources[e.source] = (this.sources[e.source] ?? 0) + e.amount;
    } else if (e.type === 'joined' && e.money > 0) {
      const source = e.source ?? 'joined';
      this.created += e.money;
      this.sources[source] = (this.sources[source] ?? 0) + e.money;
    } else if (e.type === 'money_destroyed') {
      this.destroyed += e.amount;
      this.sinks[e.sink] = (this.sinks[e.sink] ?? 0) + e.amount;
    }
    this.events.push(e);
  }
}

const NOTHING_UNBACKED: ReadonlyMap<Message, Claim[]> = new Map();

/** What the place sees of words for one listener: who said something to whom, on which channel. */
function asideLine(call: Extract<ToolCall, { tool: 'express' }>): Message {
  return msg('narrative.express_one', {
    actor: ref('actor', call.actor),
    verb: ref('verb', call.args.channel),
    target: ref('actor', call.args.to!),
  });
}

/** The committed record of a check: who tried what on whom, every die and the band. */
function rolledEvent(call: ToolCall, place: string, roll: Check): EventBody {
  const target = call.tool === 'interact' ? call.args.target : call.tool === 'use_resource' ? (call.args.target ?? null) : null;
  return {
    type: 'check_rolled',
    actor: call.actor,
    place,
    call: call.id,
    tool: call.tool,
    word: roll.word,
    target,
    factors: roll.factors,
    formula: roll.formula,
    dice: roll.dice,
    kept: roll.kept,
    total: roll.total,
    band: roll.band,
  };
}

/** Like the fare, tolls are the Judge's rule: a trip is accepted only if its transfers pay each owner in full. */
function paidTolls(d: Draft, mover: string, tolls: Toll[]): void {
  const owed = table<number>();
  for (const t of tolls) owed[t.owner] = (owed[t.owner] ?? 0) + t.amount;
  for (const owner of Object.keys(owed).sort()) {
    let paid = 0;
    for (const e of d.events)
      if (e.type === 'transfer' && e.reason === 'toll' && e.from === mover && e.to === owner && e.resource === 'money') paid += e.amount;
    check(paid >= owed[owner], 'toll_unpaid', { owner: { ref: 'actor', id: owner }, money: owed[owner] });
  }
}

/** Players holding a seat: the dead keep theirs until it is freed (./seats.ts). */
export function playerCount(state: WorldState): number {
  let n = 0;
  for (const id in state.actors) if (seated(state.actors[id])) n++;
  return n;
}

const sorted = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
