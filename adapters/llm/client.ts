import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { Logger } from '../../sim/log.ts';
import { type AnswerMessage, Completion } from './answer.ts';
import { Cassette } from './cassette.ts';
import { type LlmConfig, openAiItself } from './config.ts';
import { LlmCallError, ReplayMissError } from './errors.ts';
import { RateLimiter, Semaphore } from './limiter.ts';
import type { CallMeta, LlmStats } from './stats.ts';
import { type Tokens, tokensOf, type TokenLedger } from './usage.ts';

/** A request without its model: the client picks the model of the caller's role. */
export type ChatRequest = Omit<ChatCompletionCreateParamsNonStreaming, 'model'>;
export interface Answer {
  message: AnswerMessage;
  tokens: Tokens;
}

export interface ClientDeps {
  stats: LlmStats;
  ledger: TokenLedger;
  log?: Logger | null;
  /** wall clock and timers, injectable for tests; only this I/O layer ever waits */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

type WithRetries = typeof import('./retry.ts').withRetries;

const yieldToIo = () => new Promise<void>((done) => setImmediate(done));
const realSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * One chat completion at a time per call site, through the `openai` SDK (its own retries off: ours
 * count, log and honour retry-after). Bounded concurrency, requests and tokens per minute, a
 * timeout per call, token accounting, and record or replay.
 */
export class LlmClient {
  /** the SDK and its retries, loaded at the first request: a run of the policy brain and the rule engine never sends one */
  private sdk: Promise<{ openai: OpenAI; withRetries: WithRetries }> | null = null;
  private readonly gate: Semaphore;
  private readonly limiter: RateLimiter;
  private readonly cassette: Cassette | null;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    readonly config: LlmConfig,
    private readonly deps: ClientDeps,
  ) {
    this.gate = new Semaphore(config.concurrency);
    this.sleep = deps.sleep ?? realSleep;
    this.limiter = new RateLimiter(config.rpm, config.tpm, deps.now ?? Date.now, this.sleep);
    this.cassette = config.replay ? new Cassette(config.replay, 'replay') : config.record ? new Cassette(config.record, 'record') : null;
  }

  get ledger(): TokenLedger {
    return this.deps.ledger;
  }

  private loaded(): Promise<{ openai: OpenAI; withRetries: WithRetries }> {
    const c = this.config;
    return (this.sdk ??= Promise.all([import('openai'), import('./retry.ts')]).then(([sdk, retry]) => ({
      openai: new sdk.default({ apiKey: c.apiKey, baseURL: c.baseURL, maxRetries: 0, timeout: c.timeoutMs }),
      withRetries: retry.withRetries,
    })));
  }

  /** The full request as sent (and as keyed for record/replay). */
  request(req: ChatRequest, meta: CallMeta): ChatCompletionCreateParamsNonStreaming {
    // OpenAI's newer models refuse `max_tokens`; many compatible servers only know it
    const cap = openAiItself(this.config)
      ? { max_completion_tokens: this.config.maxCompletionTokens }
      : { max_tokens: this.config.maxCompletionTokens };
    return { model: this.config.models[meta.role], temperature: this.config.temperature, ...cap, ...req };
  }

  /** Ask; an answer that arrives is returned whatever it says (parsing it is the caller's job). */
  async chat(req: ChatRequest, meta: CallMeta): Promise<Answer> {
    const full = this.request(req, meta);
    const raw = this.cassette?.mode === 'replay' ? this.replay(full, meta) : await this.send(full, meta);
    // the slot just freed went to a waiting call: let its request, and the other answers already
    // in, go out before this caller goes on (it typically builds another prompt meanwhile)
    if (this.cassette?.mode !== 'replay') await yieldToIo();
    const parsed = Completion.safeParse(raw);
    if (!parsed.success) throw new LlmCallError('http_error', `not a chat completion: ${parsed.error.issues[0]?.message}`);
    const tokens = tokensOf(parsed.data.usage);
    this.deps.ledger.add(meta.role, meta.actor, meta.tick, tokens);
    this.deps.log?.info({ ...meta, prompt: tokens.prompt, completion: tokens.completion, cached: tokens.cached }, 'llm call');
    return { message: parsed.data.choices[0].message, tokens };
  }

  /** A miss is the end of an exact replay, unless falling back was asked for (then it falls back as a failed call would). */
  private replay(full: ChatCompletionCreateParamsNonStreaming, meta: CallMeta): unknown {
    try {
      return this.cassette!.play(full);
    } catch (err) {
      if (this.config.replayFallback || !(err instanceof LlmCallError)) throw err;
      throw new ReplayMissError(meta, this.cassette!.dir, err.message);
    }
  }

  private send(full: ChatCompletionCreateParamsNonStreaming, meta: CallMeta): Promise<unknown> {
    return this.gate.run(async () => {
      // a rough guess (4 characters a token) reserves room; the answer's usage settles it
      const guess = Math.ceil(JSON.stringify(full.messages).length / 4) + this.config.maxCompletionTokens;
      const slot = await this.limiter.acquire(guess);
      const policy = {
        retries: this.config.retries,
        backoffMs: this.config.backoffMs,
        maxRetryAfterMs: this.config.maxRetryAfterMs,
        sleep: this.sleep,
        onRetry: (attempt: number, wait: number, e: LlmCallError) => this.deps.stats.retry(meta, attempt, wait, e.code),
      };
      const { openai, withRetries } = await this.loaded();
      const res = await withRetries(policy, () => openai.chat.completions.create(full, { timeout: this.config.timeoutMs }));
      const used = (res.usage?.prompt_tokens ?? 0) + (res.usage?.completion_tokens ?? 0);
      this.limiter.settle(slot, used || guess);
      this.cassette?.record(full, res);
      return res;
    });
  }
}
