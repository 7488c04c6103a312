import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { T } from '../../../sim/i18n/translator.ts';
import type { AnswerMessage } from '../../../adapters/llm/answer.ts';
import { describeIssues, type Reading } from '../../../adapters/llm/repair.ts';
import { UntrustedToolCall } from '../../../sim/i18n/content.ts';
import type { Words } from '../../../sim/scenario/words.ts';
import { WORDS_MAX } from '../../../sim/model/text.ts';
import {
  CreateArgs,
  ExpressArgs,
  InteractArgs,
  MoveArgs,
  TOOL_NAMES,
  ToolCall,
  type ToolName,
  UseResourceArgs,
} from '../../../sim/model/tools.ts';

/**
 * The five tools as the model sees them: the project's zod schemas, except that what a bot says is
 * a plain string (the model writes text; the log stores it as `{ text }`), and that manners, modes
 * and channels are the world's own words (an enum the model is shown and held to).
 */
const MODEL_ARGS = new WeakMap<Words, Record<ToolName, z.ZodObject>>();
function modelArgs(words: Words): Record<ToolName, z.ZodObject> {
  let args = MODEL_ARGS.get(words);
  if (args) return args;
  const one = (section: 'manners' | 'modes' | 'channels') => z.enum(words.ids(section) as [string, ...string[]]);
  args = {
    use_resource: UseResourceArgs,
    interact: InteractArgs.extend({ manner: one('manners'), content: z.string().min(1).max(WORDS_MAX) }),
    move: MoveArgs.extend({ mode: one('modes') }),
    create: CreateArgs,
    // a listener is offered only where a channel reaches one: elsewhere it is tokens for nothing
    express: (words.channelFor('one') ? ExpressArgs : ExpressArgs.omit({ to: true })).extend({
      channel: one('channels'),
      content: z.string().min(1).max(WORDS_MAX),
    }),
  };
  MODEL_ARGS.set(words, args);
  return args;
}

/** The tools whose calls can be checks (sim/model/check.ts riskyWord): a bot may argue a trait beside them. */
const ARGUABLE: readonly ToolName[] = ['use_resource', 'interact'];

/** The longest reason a model's `why` is kept to (the rest is cut: it is a note in a log, never a reason to refuse the call). */
export const WHY_MAX = 200;
/** `why` as the model's answer holds it: untrusted text, trimmed and capped; anything but a string is dropped. */
const Why = z
  .string()
  .transform((s) => s.trim().slice(0, WHY_MAX))
  .refine((s) => s.length > 0);

const TOOLS = new WeakMap<T, WeakMap<Words, ChatCompletionTool[]>>();
const ARGUING_TOOLS = new WeakMap<T, WeakMap<Words, ChatCompletionTool[]>>();
const WHY_TOOLS = new WeakMap<T, WeakMap<Words, ChatCompletionTool[]>>();

/**
 * The tools offered to the model in one language, for one world's words (built once each). With
 * `argue` (a bot's brain), the tools that can be checks take an optional `argue`, "trait id: why it
 * helps" (one string: every token of these schemas is paid at every decision): the same for every
 * bot (its traits are in its prompt), so the tools stay one cached prefix. With `why` (a bot's brain
 * whose decisions are logged: `run --decisions`), every tool takes an optional short `why`, the
 * model's reason, which is only logged; without it the tools are what they always were.
 */
export function functionTools(t: T, words: Words, argue = false, why = false): ChatCompletionTool[] {
  const cache = why ? WHY_TOOLS : argue ? ARGUING_TOOLS : TOOLS;
  const byWords = cache.get(t) ?? cache.set(t, new WeakMap()).get(t)!;
  const known = byWords.get(words);
  if (known) return known;
  const tools = TOOL_NAMES.map((name): ChatCompletionTool => {
    let args = argue && ARGUABLE.includes(name) ? modelArgs(words)[name].extend({ argue: z.string().optional() }) : modelArgs(words)[name];
    if (why) args = args.extend({ why: z.string().max(WHY_MAX).optional() });
    const { $schema: _, ...parameters } = lean(z.toJSONSchema(args, { io: 'input' })) as Record<string, unknown>;
    return { type: 'function', function: { name, description: t(`llm.tools.${name}`), parameters } };
  });
  byWords.set(words, tools);
  return tools;
}

/**
 * The schema without what costs tokens and tells a model nothing: the safe-integer bound,
 * `minLength: 1`, the id pattern and `additionalProperties: false` (hosted models are not shown it outside strict
 * mode, and the answer is checked with the full, strict zod schema anyway: an extra field gets a repair).
 */
function lean(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(lean);
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (
      (k === 'maximum' && x === Number.MAX_SAFE_INTEGER) ||
      (k === 'minLength' && x === 1) ||
      (k === 'additionalProperties' && x === false) ||
      k === 'pattern' ||
      (k === 'maxLength' && x === 100)
    )
      continue;
    out[k] = lean(x);
  }
  return out;
}

const isTool = (n: string): n is ToolName => (TOOL_NAMES as readonly string[]).includes(n);

/**
 * Read the model's answer as one tool call by this actor. The first tool call counts (a bot makes
 * at most one per heartbeat). Every failure says what to fix, in words the model can act on. With
 * `argue` (a bot's brain), an `argue` among the arguments is taken off before the call is read and
 * handed back raw, unread: whatever it holds, it never costs the call (bots/brains/llm/argue.ts reads it).
 * A `why` (the model's reason, offered only when decisions are logged) is taken off the same way and
 * handed back trimmed and capped, or dropped if it is not text: it never costs the call either.
 */
export function readToolCall(m: AnswerMessage, actor: string, id: string, words: Words): Reading<ToolCall>;
export function readToolCall(
  m: AnswerMessage,
  actor: string,
  id: string,
  words: Words,
  argue: true,
): Reading<ToolCall & { argue?: unknown; why?: string }>;
export function readToolCall(
  m: AnswerMessage,
  actor: string,
  id: string,
  words: Words,
  argue = false,
): Reading<ToolCall & { argue?: unknown; why?: string }> {
  if (m.refusal) return { ok: false, reason: 'refusal', error: m.refusal };
  const first = m.tool_calls?.[0];
  if (!first) return { ok: false, reason: 'no_tool_call', error: `no tool call; call one of ${TOOL_NAMES.join(', ')}` };
  const name = first.function.name;
  if (!isTool(name)) return { ok: false, reason: 'unknown_tool', error: `unknown tool "${name}"; the tools are ${TOOL_NAMES.join(', ')}` };
  let raw: unknown;
  try {
    raw = JSON.parse(first.function.arguments || '{}');
  } catch (err) {
    return { ok: false, reason: 'invalid_json', error: `arguments of ${name} are not JSON: ${(err as Error).message}` };
  }
  let plea: unknown;
  if (argue && raw && typeof raw === 'object' && !Array.isArray(raw) && Object.hasOwn(raw, 'argue'))
    ({ argue: plea, ...raw } = raw as Record<string, unknown>);
  let reason: string | undefined;
  if (argue && raw && typeof raw === 'object' && !Array.isArray(raw) && Object.hasOwn(raw, 'why')) {
    const { why, ...rest } = raw as Record<string, unknown>;
    raw = rest;
    const w = Why.safeParse(why);
    if (w.success) reason = w.data;
  }
  // JSON.parse output goes through zod: first the model's view of the tool, then the real call
  const args = modelArgs(words)[name].safeParse(raw);
  if (!args.success) return { ok: false, reason: 'invalid_args', error: `${name}: ${describeIssues(args.error.issues)}` };
  const a = args.data as Record<string, unknown>;
  const withText = typeof a.content === 'string' ? { ...a, content: { text: a.content } } : a;
  const call = UntrustedToolCall.safeParse({ id, actor, tool: name, args: withText });
  if (!call.success) return { ok: false, reason: 'invalid_args', error: `${name}: ${describeIssues(call.error.issues)}` };
  return {
    ok: true,
    value: { ...call.data, ...(plea === undefined ? {} : { argue: plea }), ...(reason === undefined ? {} : { why: reason }) },
  };
}
