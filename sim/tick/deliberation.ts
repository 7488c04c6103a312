import { isFatal } from '../lib/fatal.ts';
import { UntrustedToolCall } from '../i18n/content.ts';
import type { Brain } from '../../bots/brains/types.ts';
import type { Perception } from '../../bots/perception.ts';
import type { Slice, WorldEngine } from '../../world-engine/types.ts';
import type { Reason } from '../model/events.ts';
import { Consequence } from '../model/consequence.ts';
import type { ToolCall } from '../model/tools.ts';
import { TraitArgument } from '../model/traits.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { Outcome } from '../judge/judge.ts';
import { mapBounded } from './pool.ts';

/**
 * A brain's answer after parsing: a call (with, for a risky one, the brain's argument that one of its
 * traits fits; for a player's, the story option they took with it), nothing to do, or output that is
 * not a valid call.
 */
export type Decision = { ok: true; call: ToolCall; argue?: TraitArgument; choice?: number } | { ok: false; error: string } | null;

/**
 * A brain's raw answer (in this process, or back from a worker) as a decision. The argument rides
 * beside the call and is parsed apart from it: a malformed one is dropped (the brain that made it
 * counted it), never the call with it. A trusted brain's call skips the parse.
 */
export function readDecision(raw: unknown, trusted = false): Decision {
  if (raw === null) return null;
  let argue: TraitArgument | undefined;
  if (typeof raw === 'object' && Object.hasOwn(raw, 'argue')) {
    const { argue: plea, ...call } = raw as Record<string, unknown>;
    raw = call;
    const a = TraitArgument.safeParse(plea);
    if (a.success) argue = a.data;
  }
  let call: ToolCall;
  if (trusted) call = raw as ToolCall;
  else {
    // an untrusted brain (a model, or a hybrid) says things as free text or content keys only
    const parsed = UntrustedToolCall.safeParse(raw);
    if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'invalid call' };
    call = parsed.data;
  }
  return argue ? { ok: true, call, argue } : { ok: true, call };
}

/**
 * The slow, parallel half of a tick: deciding and resolving. The embedded implementation runs in
 * this process on a bounded pool; a queue-backed one (workers on other machines) fits the same
 * shape. Whatever comes back is parsed here, because brains and engines are untrusted.
 */
export interface Deliberation {
  decide(cat: Catalog, perceptions: Perception[], seed: number): Promise<Decision[]>;
  /** `verify` is the Judge's dry run against the state the tick starts from (engines here may repair with it) */
  resolve(cat: Catalog, work: { slice: Slice; call: ToolCall }[], verify?: DryRun): Promise<Outcome[]>;
}

export type DryRun = (call: ToolCall, c: Consequence) => Reason | null;

export function localDeliberation(brain: Brain, engine: WorldEngine, concurrency = 16): Deliberation {
  const decision = (raw: unknown): Decision => readDecision(raw, brain.trusted);
  // synchronous brains and engines run straight through; only a promise is awaited
  return {
    decide: (cat, perceptions, seed) =>
      mapBounded(perceptions, concurrency, (p) =>
        guard(
          () => brain.decide(cat, p, seed),
          decision,
          (error) => ({ ok: false, error }),
        ),
      ),
    resolve: localResolve(engine, concurrency),
  };
}

/** Resolving in this process on a bounded pool (also what a queue deliberation uses for a model-free engine). */
export function localResolve(engine: WorldEngine, concurrency = 16): Deliberation['resolve'] {
  const outcome = (raw: unknown): Outcome => {
    if (engine.trusted) return { ok: true, consequence: raw as Consequence, trusted: true };
    const parsed = Consequence.safeParse(raw);
    return parsed.success
      ? { ok: true, consequence: parsed.data }
      : { ok: false, error: parsed.error.issues[0]?.message ?? 'invalid consequence' };
  };
  return (cat, work, verify) =>
    mapBounded(work, concurrency, ({ slice, call }) =>
      guard(
        () => engine.resolve(cat, slice, call, verify && ((c) => verify(call, c))),
        outcome,
        (error) => ({ ok: false, error }),
      ),
    );
}

/** Run `f`, map its value (or awaited value) through `ok`, and turn a throw into `fail`, except a fatal one (a replay miss): that stops the tick. */
function guard<R, T>(f: () => R | Promise<R>, ok: (r: R) => T, fail: (error: string) => T): T | Promise<T> {
  try {
    const r = f();
    // no closure for the failure unless there is a promise to hang it on: this runs for every call of a tick
    return r instanceof Promise ? r.then(ok, (err: unknown) => failed(err, fail)) : ok(r);
  } catch (err) {
    return failed(err, fail);
  }
}

function failed<T>(err: unknown, fail: (error: string) => T): T {
  if (isFatal(err)) throw err;
  return fail((err as Error).message);
}
