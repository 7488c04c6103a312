import { type Audience, audienceKey, PUBLIC } from '../../sim/audience/audience.ts';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { PlayerQueue } from '../../bots/brains/player.ts';
import type { IntentParser } from '../../bots/intent/types.ts';
import { eventsOfCall } from '../../world-engine/narrator/select.ts';
import type { Narrator } from '../../world-engine/narrator/types.ts';
import { indexPlaces } from '../../sim/state/place-index.ts';
import { perceive } from '../../bots/perception.ts';
import { playerCount } from '../../sim/judge/judge.ts';
import { judgeFree } from '../../sim/judge/seats.ts';
import { seated } from '../../sim/state/seats.ts';
import type { Argument } from '../../sim/judge/argue.ts';
import { type ArgueOutcome, rulesArgueJudge } from '../../world-engine/argue/types.ts';
import { Inbox, type Refusal, type RequestKind } from '../../sim/tick/inbox.ts';
import { FREE, JOIN } from '../../sim/tick/requests.ts';
import { AWAY, BACK } from '../../sim/tick/presence.ts';
import type { Advisors } from '../../sim/tick/advisors.ts';
import type { Trait } from '../../sim/model/traits.ts';
import { own } from '../../sim/model/ids.ts';
import type { Event } from '../../sim/model/events.ts';
import type { Text } from '../../sim/model/text.ts';
import type { PlayerWords } from '../../sim/model/records.ts';
import { UntrustedToolCall } from '../../sim/i18n/content.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import type { Logger } from '../../sim/log.ts';
import type { World } from '../../sim/world.ts';
import { JoinTally } from '../../sim/i18n/joins.ts';
import { HttpError, issueLines } from './errors.ts';
import { layoutPlaces } from './layout.ts';
import { toTickMetrics } from './metrics.ts';
import type { MetricsFold } from '../../sim/metrics/fold.ts';
import { foldHistory } from '../../sim/metrics/history.ts';
import type {
  FactView,
  LastDecision,
  NarrationMsg,
  PerceivedMsg,
  PromptMsg,
  RejectionMsg,
  StatusMsg,
  StoryMsg,
  TickMetrics,
  TickMsg,
} from './protocol.ts';
import { actorsOf, Views } from './views.ts';
import { placeExists } from '../../sim/scenario/catalog.ts';
import { StoryBook, type StoryDelta } from '../../sim/story/book.ts';
import { promptFor } from './offers.ts';

/** A tick as each audience sees it (`sim/audience`): cut once per audience that is asked for. */
export interface TickView {
  tick: number;
  /** the players in the world, each of whom sees the tick as their own audience */
  players: readonly string[];
  for(to: Audience): TickMsg;
}

/** Where the host sends what happened; sockets.ts implements it with rooms. */
export interface Broadcast {
  tick(view: TickView): void;
  status(msg: StatusMsg): void;
  narration(actor: string, msg: NarrationMsg): void;
  rejection(actor: string, msg: RejectionMsg): void;
  perceived(actor: string, msg: PerceivedMsg): void;
  /** the game master's next actions for a player, after each tick */
  prompt?(actor: string, msg: PromptMsg): void;
  /** the new lines of a player's story, after each tick */
  story?(actor: string, msg: StoryMsg): void;
  /** what a player sent: their words to /intent, a call they queued (adapters/server/session-recorder.ts keeps them) */
  said?(actor: string, msg: PlayerWords): void;
}

export interface HostOptions {
  world: World;
  /** the queue the world takes players' calls from (bots/brains/player.ts) */
  queue: PlayerQueue;
  narrator: Narrator;
  intent: IntentParser;
  /** who weighs arguments, story turns and the director's stagings: the rules unless a model is configured */
  advisors?: Advisors;
  tickMs: number;
  /** the world waits for its players before each tick (docs/design.md, Player pace) */
  turnBased: boolean;
  /** how long a tick waits for players who have not acted, in ms, before they count as away (default: no limit) */
  waitMs?: number;
  /** keep this many ticks of metrics in memory */
  metricsCap?: number;
  /** where the admin's close/open joining is kept across restarts (serve: `<data>/joining.json`) */
  joiningFile?: string;
  log?: Logger;
}

/**
 * One world served live. The World stays the single writer: every tick goes through `step`, one at
 * a time; the server only queues joins and players' calls for the next tick and reads the state
 * between ticks. After each tick it tells the broadcast what the world and each player saw.
 */
export class WorldHost {
  readonly views: Views;
  /** every player's story, folded from the committed log (rebuilt by `init`, extended after each tick) */
  readonly story: StoryBook;
  paused = false;
  /** closed by the admin: the server refuses new joins and the Judge refuses those still queued */
  joining: 'open' | 'closed' = 'open';
  tickMs: number;
  readonly turnBased: boolean;
  /** how long a tick waits for players who have not acted (Infinity: until they act, pass or leave) */
  readonly waitMs: number;
  /** players who passed the tick about to run: the world does not wait for them */
  private passed = new Set<string>();
  readonly advisors: Advisors;
  /**
   * Requests the routes accepted (joins, seats to free, traits declared or argued, quests taken,
   * interventions), each for the phase that judges its kind at the next tick (sim/tick/inbox.ts)
   */
  readonly inbox = new Inbox();
  /** told of every seat the Judge freed, once it is committed (the tokens, the sockets) */
  private readonly afterFreed: ((actor: string) => void)[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private readonly last = new Map<string, LastDecision>();
  private readonly knownBy = new Map<string, FactView['knownBy']>();
  /** the figures per tick: a fold of the whole log (rebuilt by `init`, extended after each tick) */
  private metrics: MetricsFold | null = null;
  private readonly listeners: Broadcast[] = [];
  private readonly afterStep: ((tick: number, events: readonly Event[]) => void)[] = [];
  private readonly afterQueue: (() => void)[] = [];
  private nextCall = 0;
  /** every join in the log, for the summary `serve` prints when it stops */
  readonly joined = new JoinTally();

  constructor(private readonly o: HostOptions) {
    this.views = new Views(o.world.cat, o.world.state, layoutPlaces(o.world.cat, o.world.cat.scenario.layout));
    this.story = new StoryBook(o.world.cat, o.world.state);
    this.tickMs = o.tickMs;
    this.turnBased = o.turnBased;
    this.waitMs = o.waitMs ?? Infinity;
    this.advisors = o.advisors ?? {};
    if (o.joiningFile && existsSync(o.joiningFile)) this.joining = readJoining(o.joiningFile);
  }

  get world(): World {
    return this.o.world;
  }
  get queue(): PlayerQueue {
    return this.o.queue;
  }
  get id(): string {
    return this.world.cat.scenario.meta.id;
  }

  /** Rebuild what the log knows and the state does not keep: last decisions, who learned what, players' stories. */
  async init(): Promise<void> {
    // the metrics fold from the state the log starts from, tick 0 on: a restart shows the same history
    const { cat, state } = this.world;
    const fold = await foldHistory(
      cat,
      this.world.store,
      { seed: state.seed, population: this.world.population, origin: this.world.origin },
      this.world.tick - 1,
      {
        keepDiffusion: false,
        cap: this.o.metricsCap ?? 10_000,
        onEvent: (e) => {
          this.note(e);
          this.story.add([e]);
        },
      },
    );
    // caught up: from now on it reads the world's own state after each tick
    fold.adopt(state);
    this.metrics = fold;
  }

  listen(b: Broadcast): void {
    this.listeners.push(b);
  }
  onStep(f: (tick: number, events: readonly Event[]) => void): void {
    this.afterStep.push(f);
  }

  status(): StatusMsg {
    return {
      paused: this.paused,
      tickMs: this.tickMs,
      tick: this.world.state.tick,
      turnBased: this.turnBased,
      joining: this.joining,
      ...(this.turnBased ? { waitingFor: this.waitingFor(), waitMs: Number.isFinite(this.waitMs) ? this.waitMs : null } : {}),
    };
  }

  emitStatus(): void {
    for (const l of this.listeners) l.status(this.status());
  }

  /**
   * Players here who can act now and have neither queued a call nor passed: a world that waits for its
   * players waits for them. An away player (or one the server found away) is waited for by nobody.
   */
  waitingFor(): string[] {
    const tick = this.world.tick;
    const leaving = new Set([...this.inbox.pending(FREE), ...this.inbox.pending(AWAY)].map((r) => r.actor));
    return Object.values(this.world.state.actors)
      .filter(
        (a) =>
          seated(a) &&
          (a.status === 'alive' || a.status === 'dying') &&
          a.nextWake <= tick &&
          (a.player!.away === undefined || this.inbox.pending(BACK).some((r) => r.actor === a.id)) &&
          !this.queue.has(a.id) &&
          !this.passed.has(a.id) &&
          !leaving.has(a.id),
      )
      .map((a) => a.id);
  }

  /**
   * A player is here again (they acted or connected): an away one is back at the next tick, and a
   * finding that they went away, not yet judged, is dropped.
   */
  present(actor: string): void {
    this.inbox.drop(AWAY, (r) => r.actor === actor);
    const a = own(this.world.state.actors, actor);
    if (a?.player?.away !== undefined && !this.inbox.pending(BACK).some((r) => r.actor === actor)) this.inbox.put(BACK, { actor });
  }

  /** A player let the turn the world waited for pass unanswered, or closed their last connection: away at the next tick. */
  absent(actor: string, why: 'quiet' | 'left'): void {
    this.inbox.drop(BACK, (r) => r.actor === actor);
    const a = own(this.world.state.actors, actor);
    if (a && seated(a) && a.player!.away === undefined && !this.inbox.pending(AWAY).some((r) => r.actor === actor))
      this.inbox.put(AWAY, { actor, why });
  }

  /** A player lets the next tick go by without a call: the world does not wait for them this once. */
  pass(actor: string): number {
    this.present(actor);
    this.passed.add(actor);
    this.emitStatus();
    for (const f of this.afterQueue) f();
    return this.world.tick;
  }

  /** Run one tick (queued behind any tick in flight) and broadcast it. */
  step(): Promise<Event[]> {
    const run = this.chain.then(() => this.runStep());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async runStep(): Promise<Event[]> {
    let refused: readonly Refusal[] = [];
    this.passed = new Set();
    const events = await this.world.step({
      requests: this.inbox.drain(),
      advisors: this.advisors,
      onRefused: (r) => (refused = r),
    });
    const tick = events[0]?.tick ?? this.world.state.tick;
    for (const e of events) this.note(e);
    for (const e of events) {
      if (e.type !== 'seat_freed') continue;
      // whatever the player had queued goes with the seat; then their tokens and sockets (app.ts, sockets.ts)
      this.queue.take(e.actor);
      for (const f of this.afterFreed) f(e.actor);
    }
    const told = this.story.add(events);
    this.metrics?.add(events);
    try {
      await this.broadcast(tick, events, refused, told);
    } catch (err) {
      // the tick is committed whatever happens here: a failed broadcast must not stop the world
      this.o.log?.error({ err, tick }, 'broadcast failed');
    }
    for (const f of this.afterStep) f(tick, events);
    return events;
  }

  private note(e: Event): void {
    if (e.type === 'joined') this.joined.add(e);
    else if (e.type === 'action') this.last.set(e.actor, { tick: e.tick, call: e.call, verdict: 'committed' });
    else if (e.type === 'call_failed') {
      this.last.set(e.actor, {
        tick: e.tick,
        call: { id: e.failed.id, tool: e.failed.tool },
        verdict: e.failed.status === 'error' ? 'error' : 'rejected',
        reason: this.views.message(e.failed.reason.message),
      });
    } else if (e.type === 'fact_learned') {
      const list = this.knownBy.get(e.fact) ?? this.knownBy.set(e.fact, []).get(e.fact)!;
      list.push({ actor: e.actor, from: e.from, tick: e.tick });
    }
  }

  private async broadcast(tick: number, events: Event[], refused: readonly Refusal[], told: Map<string, StoryDelta>): Promise<void> {
    const changed = new Set<string>();
    for (const e of events) for (const a of actorsOf(e)) changed.add(a);
    const summary = events.find((e) => e.type === 'tick_summary');
    const common = {
      tick,
      summary: summary?.type === 'tick_summary' ? summary.money : null,
      actors: [...changed]
        .filter((id) => this.world.state.actors[id])
        .sort()
        .map((id) => this.views.actorSummary(this.world.state.actors[id])),
    };
    const cut = new Map<string, TickMsg>();
    const view: TickView = {
      tick,
      // players who still hold a seat: one whose seat was freed has no socket left to hear it
      players: Object.values(this.world.state.actors)
        .filter(seated)
        .map((a) => a.id),
      for: (to) => {
        const key = audienceKey(to);
        let msg = cut.get(key);
        if (!msg) cut.set(key, (msg = { ...common, events: events.flatMap((e) => this.views.event(e, to) ?? []) }));
        return msg;
      },
    };
    for (const l of this.listeners) l.tick(view);
    for (const r of refused) {
      // a player hears why their request was refused; the admin's and a researcher's go to the log
      if (r.askedBy === null) this.o.log?.warn({ kind: r.kind, reason: r.reason.code }, 'request refused');
      else
        for (const l of this.listeners)
          l.rejection(r.askedBy, { tick, dialog_type: 'rule_explanation', callId: r.kind, reason: this.views.messageTo(r.reason.message) });
    }
    const players = Object.values(this.world.state.actors).filter(seated);
    if (!players.length) return;
    const index = indexPlaces(this.world.cat, this.world.state);
    for (const p of players) {
      // the story's window of what they notice moves on every tick, so every player hears each tick
      const story: StoryMsg = { tick, lines: told.get(p.id)?.lines ?? [], noticed: this.story.noticed(p.id) };
      for (const l of this.listeners) l.story?.(p.id, story);
      const own = eventsOfCall(events, p.id);
      const failed = own.find((e) => e.type === 'call_failed');
      if (failed?.type === 'call_failed') {
        for (const l of this.listeners)
          l.rejection(p.id, {
            tick,
            dialog_type: 'rule_explanation',
            callId: failed.failed.id,
            reason: this.views.messageTo(failed.failed.reason.message),
          });
      } else if (own.length) {
        const text = await this.o.narrator.narrate({ cat: this.world.cat, state: this.world.state, actor: p.id, tick, events: own });
        for (const l of this.listeners) l.narration(p.id, { tick, dialog_type: 'resolution_summary', text });
      }
      const lines = this.perceivedLines(p.id, tick, events, index);
      if (lines.length) for (const l of this.listeners) l.perceived(p.id, { tick, dialog_type: 'scene_description', lines });
      const prompt = this.prompt(p.id, tick);
      if (prompt) for (const l of this.listeners) l.prompt?.(p.id, prompt);
    }
  }

  /** The prompt a player waits on now (sent again when they connect: a turn survives a reload), or null. */
  promptNow(actor: string): PromptMsg | null {
    const a = own(this.world.state.actors, actor);
    return a && seated(a) ? this.prompt(actor, this.world.state.tick) : null;
  }

  /** The game master's next actions for a player with nothing queued (./offers.ts), or null when there are fewer than two. */
  private prompt(actor: string, tick: number): PromptMsg | null {
    return this.o.queue.has(actor) ? null : promptFor(this.world.cat, this.world.state, actor, tick);
  }

  /**
   * What reaches a player from around them, as it would reach a bot: what happened at their place
   * this tick (the perception's `recent`, from the same code) and what was said to them.
   */
  private perceivedLines(actor: string, tick: number, events: Event[], index: ReturnType<typeof indexPlaces>): Text[] {
    const p = perceive(this.world.cat, this.world.state, index, actor, tick + 1);
    // an action is observed as its narrative; the feed line adds what was said, as a bystander hears it
    const said = new Map<unknown, Text>();
    for (const e of events)
      if (e.type === 'action' && e.actor !== actor && e.place === p.place.id) said.set(e.narrative, this.views.event(e, PUBLIC)!.text!);
    const out = p.recent.filter((o) => o.tick === tick && o.actor !== actor).map((o) => said.get(o.msg) ?? this.views.message(o.msg));
    for (const e of events) {
      if (e.type === 'addressed' && e.actor === actor) {
        out.push(this.views.both((r) => r.t('perceived.told', { actor: r.actor(e.by), content: r.render(e.msg) })));
      }
      // words for them alone: the bystanders' line above has them as unheard
      if (e.type === 'whispered' && e.actor === actor) {
        out.push(this.views.both((r) => r.t('perceived.whispered', { actor: r.actor(e.by), content: r.render(e.msg) })));
      }
    }
    return out;
  }

  // ---- what the routes and sockets call ----------------------------------------------------

  lastDecision(actor: string): LastDecision | null {
    return this.last.get(actor) ?? null;
  }
  factKnownBy(fact: string): FactView['knownBy'] {
    return this.knownBy.get(fact) ?? [];
  }

  metricsBetween(from = 0, to = Number.MAX_SAFE_INTEGER): TickMetrics[] {
    return (this.metrics?.rows() ?? []).filter((m) => m.tick >= from && m.tick <= to).map(toTickMetrics);
  }

  /** Players in the world and those queued to join, against the pack's cap. */
  seats(): { joined: number; cap: number } {
    return { joined: playerCount(this.world.state) + this.inbox.pending(JOIN).length, cap: this.world.cat.scenario.meta.rules.players.cap };
  }

  setJoining(joining: 'open' | 'closed'): void {
    if (this.o.joiningFile) {
      // written whole and renamed into place, before it takes effect: a restart keeps what the admin chose
      writeFileSync(`${this.o.joiningFile}.tmp`, JSON.stringify({ joining }));
      renameSync(`${this.o.joiningFile}.tmp`, this.o.joiningFile);
    }
    this.joining = joining;
    // the joins still queued are refused by the Judge at the next tick, with why
    if (joining === 'closed') this.inbox.update(JOIN, (j) => ({ ...j, closed: true as const }));
    this.emitStatus();
  }

  /**
   * A new player's actor id: unused in the state and among pending joins. Refused early when joining
   * is closed or every seat is taken, queued joins included, so a burst cannot overshoot the cap; the
   * Judge checks both again when it commits the join.
   */
  join(name: string, concept: string, place: string, traits: Trait[] = []): string {
    if (this.joining === 'closed') throw new HttpError(409, 'join_closed');
    const seats = this.seats();
    if (seats.joined >= seats.cap) throw new HttpError(409, 'join_full', { cap: seats.cap });
    if (!placeExists(this.world.cat, this.world.state, place)) {
      throw new HttpError(400, 'bad_request', { detail: `place: ${place}` });
    }
    const joins = this.inbox.pending(JOIN);
    let n = Object.keys(this.world.state.actors).length + joins.length + 1;
    const taken = (id: string) => own(this.world.state.actors, id) || joins.some((j) => j.actor === id);
    while (taken(`player-${n}`)) n++;
    const actor = `player-${n}`;
    this.inbox.put(JOIN, { actor, name: { cn: name, en: name }, concept, place, ...(traits.length ? { traits } : {}) });
    return actor;
  }

  /** Judge a player's argument against the state now (by the rules, or by the model with the rules behind it). */
  judgeArgument(a: Argument): Promise<ArgueOutcome> {
    return Promise.resolve((this.advisors.argue ?? rulesArgueJudge).judge(this.world.cat, this.world.state, a));
  }

  /**
   * Queue a request a route accepted, for the phase that judges its kind at the next tick (its refusal
   * is told to whoever asked); returns that tick.
   */
  request<R>(kind: RequestKind<R>, r: R): number {
    this.inbox.put(kind, r);
    return this.world.tick;
  }

  /**
   * Queue the admin's freeing of a player's seat, for the Judge at the next tick; returns that tick.
   * 404 for an id that holds no seat (a bot, a freed player, nobody, `__proto__`), 409 when queued already.
   */
  free(actor: string): number {
    // refused early as the Judge would refuse it at the next tick
    if (judgeFree(this.world.state, { actor })) throw new HttpError(404, 'not_found');
    if (this.inbox.pending(FREE).some((x) => x.actor === actor)) throw new HttpError(409, 'seat_already_queued');
    this.inbox.put(FREE, { actor });
    // a turn-based world that waited for this player waits no longer
    this.emitStatus();
    for (const f of this.afterQueue) f();
    return this.world.tick;
  }

  /** Listen for seats the Judge freed, after each tick that committed one. */
  onFreed(f: (actor: string) => void): void {
    this.afterFreed.push(f);
  }

  hasPendingJoin(actor: string): boolean {
    return this.inbox.pending(JOIN).some((j) => j.actor === actor);
  }

  /** Fill in the player's own id and a call id, parse, and check the character can act. */
  prepareCall(actor: string, raw: { id?: string; actor?: string; tool: string; args: unknown }): ToolCall {
    if (raw.actor !== undefined && raw.actor !== actor) throw new HttpError(403, 'forbidden');
    const a = this.world.state.actors[actor];
    if (!a) throw new HttpError(409, 'not_joined');
    if (a.player?.freed) throw new HttpError(403, 'seat_freed');
    if (a.status !== 'alive' && a.status !== 'dying') throw new HttpError(409, 'not_alive');
    // a player's words are free text or content keys, never another locale key (sim/judge/content.ts)
    const parsed = UntrustedToolCall.safeParse({ ...raw, id: raw.id ?? `${actor}:${this.nextCall++}`, actor });
    if (!parsed.success) {
      const issues = issueLines(parsed.error);
      throw new HttpError(400, 'bad_request', { detail: issues.join('; ') }, issues);
    }
    return parsed.data;
  }

  /** Queue a player's call for the tick at which their actor is next due (with the story option it takes, if any); returns that tick. */
  act(call: ToolCall, choice?: number): number {
    // a new call replaces the queued one, and with it any story choice sent with the old one
    this.queue.put(call, choice);
    this.present(call.actor);
    this.emitStatus();
    for (const f of this.afterQueue) f();
    const at = Math.max(this.world.tick, this.world.state.actors[call.actor].nextWake);
    for (const l of this.listeners)
      l.said?.(call.actor, { tick: at, from: 'player', kind: 'call', call: { id: call.id, tool: call.tool, args: call.args } });
    return at;
  }

  onQueue(f: () => void): void {
    this.afterQueue.push(f);
  }

  async intent(actor: string, text: string, lang: 'cn' | 'en') {
    if (!this.world.state.actors[actor]) throw new HttpError(409, 'not_joined');
    for (const l of this.listeners) l.said?.(actor, { tick: this.world.tick, from: 'player', kind: 'intent', text, lang });
    return this.o.intent.parse({ cat: this.world.cat, state: this.world.state, actor, id: `${actor}:${this.nextCall++}`, text, lang });
  }

  /** Wait for the tick in flight (if any): for closing. */
  settle(): Promise<unknown> {
    return this.chain;
  }
}

/** The admin's last choice; anything but an explicit `open` keeps the world closed (a damaged file must not open it). */
function readJoining(file: string): 'open' | 'closed' {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { joining?: unknown } | null)?.joining === 'open' ? 'open' : 'closed';
  } catch {
    return 'closed';
  }
}
