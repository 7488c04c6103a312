import type { Server, Socket } from 'socket.io';
import type { Event } from '../../sim/model/events.ts';
import type { NewRecord, PlayerWords, RecordKind } from '../../sim/model/records.ts';
import type { Logger } from '../../sim/log.ts';
import type { Broadcast, WorldHost } from './host.ts';
import { SESSION_EVENT } from './protocol-session.ts';
import { sessionReply } from './session-view.ts';
import { memoriesOf } from './session-memory.ts';

/** ticks within which the same status of a player is not recorded again */
const STATUS_QUIET = 24;

/** Turns texts into vectors (an OpenAI-compatible `/embeddings`), or null when it cannot. */
export interface Embedder {
  embed(texts: string[]): Promise<number[][] | null>;
}

/**
 * Keeps what a player's session said (messages and memory records) in the world's store,
 * beside the log: a `Broadcast` listener of the host that records each message as the host sends it
 * (the player's words and calls, the game master's texts with their dialog types), and after each
 * tick a memory record for what mattered to a player (adapters/server/session-memory.ts). Records are
 * appended in batches, one store append per kind for whatever arrived together; they never touch the
 * world. A failed append is logged and the world goes on: the tick is committed whatever happens here.
 */
export class SessionRecorder implements Broadcast {
  private pending: { messages: NewRecord<'messages'>[]; memory: NewRecord<'memory'>[] } = { messages: [], memory: [] };
  private chain: Promise<unknown> = Promise.resolve();
  private scheduled = false;
  /** the last action prompt recorded per player: an unchanged prompt, sent again every tick the player waits, is kept once */
  private readonly lastPrompt = new Map<string, string>();
  /** when each player last had each status recorded: a body that flaps between two states each tick is remembered once a while */
  private readonly statusAt = new Map<string, Map<string, number>>();

  constructor(
    private readonly host: WorldHost,
    private readonly log?: Logger,
    private readonly embedder?: Embedder,
  ) {
    host.listen(this);
    host.onStep((_tick, events) => this.step(events));
  }

  tick(): void {}
  status(): void {}

  said(actor: string, m: PlayerWords): void {
    this.message({ player: actor, ...m });
  }

  narration(actor: string, m: Parameters<Broadcast['narration']>[1]): void {
    this.message({ player: actor, tick: m.tick, from: 'gm', kind: 'narration', dialog_type: m.dialog_type, text: m.text });
  }

  rejection(actor: string, m: Parameters<Broadcast['rejection']>[1]): void {
    this.message({
      player: actor,
      tick: m.tick,
      from: 'gm',
      kind: 'rejection',
      dialog_type: m.dialog_type,
      callId: m.callId,
      reason: m.reason,
    });
  }

  perceived(actor: string, m: Parameters<Broadcast['perceived']>[1]): void {
    this.message({ player: actor, tick: m.tick, from: 'gm', kind: 'perceived', dialog_type: m.dialog_type, lines: m.lines });
  }

  prompt(actor: string, m: Parameters<NonNullable<Broadcast['prompt']>>[1]): void {
    const same = JSON.stringify([m.text, m.actions]);
    if (this.lastPrompt.get(actor) === same) return;
    this.lastPrompt.set(actor, same);
    this.message({ player: actor, tick: m.tick, from: 'gm', kind: 'prompt', dialog_type: m.dialog_type, text: m.text, actions: m.actions });
  }

  /** Everything queued so far is in the store (or its failure logged). */
  settle(): Promise<unknown> {
    return this.chain;
  }

  /** Send the player's session to their socket when it connects (or reconnects, after a restart too). */
  attachSockets(io: Server): void {
    io.on('connection', (socket: Socket) => {
      const actor = socket.data.actor as string | null;
      if (!actor) return;
      void this.settle()
        .then(() => sessionReply(this.host, actor, { limit: 50, memory: 20 }))
        .then((reply) => {
          if (reply) socket.emit(SESSION_EVENT, reply);
        })
        .catch((err: unknown) => this.log?.error({ err, actor }, 'session for a socket failed'));
    });
  }

  private message(m: NewRecord<'messages'>): void {
    this.pending.messages.push(m);
    this.schedule();
  }

  private step(events: readonly Event[]): void {
    const found = memoriesOf(this.host.views, this.host.world.state, events).filter((m) => {
      if (m.kind !== 'status_changed') return true;
      const seen = this.statusAt.get(m.player) ?? this.statusAt.set(m.player, new Map()).get(m.player)!;
      const last = seen.get(m.status!);
      if (last !== undefined && m.tick - last < STATUS_QUIET) return false;
      seen.set(m.status!, m.tick);
      return true;
    });
    if (!found.length) return;
    this.pending.memory.push(...found);
    this.schedule();
  }

  /** One flush for everything that arrives before it runs: a tick's messages go in one append. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.chain = this.chain.then(() => this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = { messages: [], memory: [] };
    if (batch.memory.length && this.embedder) await this.embed(batch.memory);
    for (const kind of ['messages', 'memory'] as const satisfies readonly RecordKind[]) {
      const recs = batch[kind];
      if (!recs.length) continue;
      try {
        await this.host.world.store.appendRecords(kind, recs as never);
      } catch (err) {
        this.log?.error({ err, kind, count: recs.length }, 'session records not kept');
      }
    }
  }

  private async embed(recs: NewRecord<'memory'>[]): Promise<void> {
    try {
      const vectors = await this.embedder!.embed(recs.map((r) => r.summary.en));
      if (vectors)
        recs.forEach((r, i) => {
          if (vectors[i]) r.embedding = vectors[i];
        });
    } catch (err) {
      this.log?.warn({ err }, 'no embeddings for these memory records');
    }
  }
}
