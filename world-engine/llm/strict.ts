import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { z } from 'zod';
import type { AnswerMessage } from '../../adapters/llm/answer.ts';
import { describeIssues, readJson, type Reading } from '../../adapters/llm/repair.ts';
import { Consequence, WorldChange } from '../../sim/model/consequence.ts';
import { Message } from '../../sim/model/text.ts';

/**
 * The consequence format reshaped for OpenAI's strict structured output, generated from the zod
 * schemas: strict mode wants every property required and knows no open maps, so an optional field
 * becomes nullable, a record becomes a list of `{ key, value }`, and a message is text only. The
 * answer is read with this schema, turned back into the real format, and checked with that too.
 */
type Kind = 'same' | 'optional' | 'record' | 'optional_record';

const TextOnly = z.object({ text: z.string().min(1) }).strict();

function reshape(s: z.ZodType): [z.ZodType, Kind] {
  if (s === Message) return [TextOnly, 'same'];
  if (s instanceof z.ZodArray && s.element === Message) return [z.array(TextOnly), 'same'];
  if (s instanceof z.ZodOptional || s instanceof z.ZodDefault) {
    const [inner, kind] = reshape(s.unwrap() as z.ZodType);
    return [inner.nullable(), kind === 'record' ? 'optional_record' : 'optional'];
  }
  if (s instanceof z.ZodRecord) {
    return [z.array(z.object({ key: s.keyType as z.ZodType, value: s.valueType as z.ZodType }).strict()), 'record'];
  }
  return [s, 'same'];
}

interface Shaped {
  schema: z.ZodObject;
  kinds: Record<string, Kind>;
}

function reshapeObject(o: z.ZodObject, override: Record<string, z.ZodType> = {}): Shaped {
  const shape: Record<string, z.ZodType> = {};
  const kinds: Record<string, Kind> = {};
  for (const [k, s] of Object.entries(o.shape)) {
    [shape[k], kinds[k]] = override[k] ? [override[k], 'same'] : reshape(s as z.ZodType);
  }
  return { schema: z.object(shape).strict(), kinds };
}

const variants = new Map<string, Shaped>(WorldChange.options.map((o) => [o.shape.type.value as string, reshapeObject(o)]));
const StrictChange = z.discriminatedUnion('type', [...variants.values()].map((v) => v.schema) as [z.ZodObject, ...z.ZodObject[]]);
// a proposed check (branches with open maps of their own) is left out: in strict mode the engine asks for none
const top = reshapeObject(Consequence.omit({ check: true }), { world_changes: z.array(StrictChange) });
export const StrictConsequence = top.schema;

/** Back from the strict shape: nulls of optional fields dropped, lists of entries made maps again. */
function restore(v: Record<string, unknown>, kinds: Record<string, Kind>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const kind = kinds[k];
    if ((kind === 'optional' || kind === 'optional_record') && x === null) continue;
    out[k] =
      kind === 'record' || kind === 'optional_record'
        ? Object.fromEntries((x as { key: string; value: unknown }[]).map((e) => [e.key, e.value]))
        : x;
  }
  return out;
}

export function fromStrict(v: z.infer<typeof StrictConsequence>): unknown {
  const out = restore(v, top.kinds);
  out.world_changes = (v.world_changes as Record<string, unknown>[]).map((c) => restore(c, variants.get(c.type as string)!.kinds));
  return out;
}

/** Keywords OpenAI's strict mode accepts; anything else in a generated schema is dropped. */
const KEEP = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'description',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  '$defs',
  '$ref',
]);

function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === 'oneOf') out.anyOf = clean(v);
    else if (k === 'const') out.enum = [v];
    else if (k === 'properties' || k === '$defs') out[k] = Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, clean(s)]));
    else if (KEEP.has(k)) out[k] = clean(v);
  }
  return out;
}

export function strictConsequenceFormat(): ResponseFormatJSONSchema {
  const schema = clean(z.toJSONSchema(StrictConsequence)) as Record<string, unknown>;
  return { type: 'json_schema', json_schema: { name: 'consequence', schema, strict: true } };
}

export function readStrictConsequence(m: AnswerMessage): Reading<Consequence> {
  const shaped = readJson(m, StrictConsequence);
  if (!shaped.ok) return shaped;
  const c = Consequence.safeParse(fromStrict(shaped.value));
  return c.success ? { ok: true, value: c.data } : { ok: false, reason: 'invalid_schema', error: describeIssues(c.error.issues) };
}
