import OpenAI from 'openai';
import { z } from 'zod';
import type { Logger } from '../../sim/log.ts';
import type { LlmConfig } from './config.ts';

/**
 * Embeddings for players' memory records (their `embedding`), from the configured
 * OpenAI-compatible endpoint's `/embeddings`, when it offers them. Many local servers do not: the
 * first failure (no such route, no such model, a malformed answer) turns embeddings off for the run,
 * logged once, and records are kept without them. Not part of the simulation: records are not world state.
 */
export interface EmbeddingsOptions {
  /** the embedding model (`OPENAI_EMBEDDING_MODEL`; default text-embedding-3-small) */
  model?: string;
  log?: Logger | null;
}

const Answer = z.object({ data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()).min(1).max(10_000) })) });

export function openAiEmbedder(
  config: Pick<LlmConfig, 'apiKey' | 'baseURL' | 'timeoutMs'>,
  o: EmbeddingsOptions = {},
): { embed(texts: string[]): Promise<number[][] | null>; readonly off: boolean } {
  const sdk = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, maxRetries: 0, timeout: config.timeoutMs });
  const model = o.model ?? 'text-embedding-3-small';
  let off = false;
  return {
    get off() {
      return off;
    },
    async embed(texts) {
      if (off || !texts.length) return null;
      try {
        const got = Answer.parse(await sdk.embeddings.create({ model, input: texts, encoding_format: 'float' }));
        const out: number[][] = new Array(texts.length);
        for (const d of got.data) if (d.index < texts.length) out[d.index] = d.embedding;
        if (out.filter(Boolean).length !== texts.length) throw new Error(`${got.data.length} embeddings for ${texts.length} texts`);
        return out;
      } catch (err) {
        off = true;
        o.log?.warn({ err: (err as Error).message, model }, 'the model endpoint gives no embeddings: memory records are kept without them');
        return null;
      }
    },
  };
}
