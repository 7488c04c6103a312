import { Text } from '../../sim/model/text.ts';
import { ToolCall } from '../../sim/model/tools.ts';
import type { Intent, IntentInput, IntentParser } from './types.ts';

/**
 * Any parser (a language model's, later) with a safety net: its answer must parse as a ToolCall
 * for this player and this call id, with `understood` in both languages; an answer that does not,
 * or a parser that throws, gives way to the fallback (the offline parser). The player confirms the
 * call either way, and the Judge judges it.
 */
export function withFallback(primary: IntentParser, fallback: IntentParser, onFallback?: (why: string) => void): IntentParser {
  return {
    name: `${primary.name}|${fallback.name}`,
    async parse(input: IntentInput): Promise<Intent> {
      try {
        const got = (await primary.parse(input)) as Partial<Intent> | null;
        const call = ToolCall.safeParse(got?.call);
        const understood = Text.safeParse(got?.understood);
        if (call.success && understood.success && call.data.actor === input.actor && call.data.id === input.id) {
          return { call: call.data, understood: understood.data };
        }
        onFallback?.(call.success ? (understood.success ? 'not this player or call' : 'understood') : call.error.issues[0]?.message ?? 'call');
      } catch (err) {
        onFallback?.((err as Error).message);
      }
      return fallback.parse(input);
    },
  };
}
