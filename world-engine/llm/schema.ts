import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { z } from 'zod';
import type { AnswerMessage } from '../../adapters/llm/answer.ts';
import { readJson, type Reading } from '../../adapters/llm/repair.ts';
import { Consequence } from '../../sim/model/consequence.ts';
import { UntrustedConsequence } from '../../sim/i18n/content.ts';

/**
 * Structured output in the consequence format, its JSON Schema generated from the zod schema.
 * Not `strict`: OpenAI's strict mode wants every property required and no open records, and the
 * format has both (resource_changes, properties); compatible servers (Ollama, vLLM, llama.cpp) take
 * the schema as it is, and `strict.ts` reshapes it for OpenAI itself. Whatever comes back is checked
 * with the zod schema.
 */
export function consequenceFormat(): ResponseFormatJSONSchema {
  const { $schema: _, ...schema } = z.toJSONSchema(Consequence, { io: 'input' }) as Record<string, unknown>;
  return { type: 'json_schema', json_schema: { name: 'consequence', schema, strict: false } };
}

/** Read as any untrusted consequence: messages are free text or content keys (sim/judge/content.ts). */
export const readConsequence = (m: AnswerMessage): Reading<Consequence> => readJson(m, UntrustedConsequence);
