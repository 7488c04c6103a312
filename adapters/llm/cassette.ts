import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { canonicalJson, digest } from '../../sim/lib/canonical.ts';
import { LlmCallError } from './errors.ts';

/** What a recorded file holds; read back through zod like any other input from disk. */
const Entry = z.object({ key: z.string(), request: z.unknown(), response: z.record(z.string(), z.unknown()) });

/**
 * What the model is asked, without how it is sent: the completion cap goes by one name whichever
 * field the endpoint wants (`max_tokens` or `max_completion_tokens`), so a recording made against
 * one endpoint replays against another, or none.
 */
export function askedOf(request: unknown): unknown {
  if (!request || typeof request !== 'object') return request;
  const { max_tokens, max_completion_tokens, ...rest } = request as Record<string, unknown>;
  return { ...rest, max_output: max_completion_tokens ?? max_tokens ?? null };
}

/** The key of a request: a hash of the canonical JSON of what it asks (key order and whitespace do not matter). */
export const requestKey = (request: unknown): string => digest(canonicalJson(askedOf(request)));

/** How the recorded run shaped its requests, where that depended on the endpoint: replay shapes them the same way. */
const Manifest = z.object({ strictOutput: z.boolean() }).strict();
export type Manifest = z.infer<typeof Manifest>;
const MANIFEST = 'cassette.json';

export function writeManifest(dir: string, m: Manifest): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, MANIFEST), canonicalJson(m) + '\n');
}

/** null for a recording without one (made before it existed) or an unreadable one */
export function readManifest(dir: string): Manifest | null {
  try {
    const r = Manifest.safeParse(JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8')));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Record and replay: every request and its final answer, one file per request named by its key.
 * A replayed run asks the same questions (the prompts are functions of the state), gets the same
 * answers, and so commits the same events. Failed requests are not recorded: in replay they miss,
 * and a miss falls back exactly as the failure did.
 */
export class Cassette {
  constructor(
    readonly dir: string,
    readonly mode: 'record' | 'replay',
  ) {
    if (mode === 'record') mkdirSync(dir, { recursive: true });
  }

  private file(key: string): string {
    return path.join(this.dir, `${key}.json`);
  }

  play(request: unknown): Record<string, unknown> {
    const key = requestKey(request);
    let text: string;
    try {
      text = readFileSync(this.file(key), 'utf8');
    } catch {
      throw new LlmCallError('replay_miss', key);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new LlmCallError('replay_miss', `${key}: ${(err as Error).message}`);
    }
    const parsed = Entry.safeParse(json);
    if (!parsed.success) throw new LlmCallError('replay_miss', `${key}: ${parsed.error.issues[0]?.message}`);
    return parsed.data.response;
  }

  record(request: unknown, response: unknown): void {
    const key = requestKey(request);
    const tmp = `${this.file(key)}.${process.pid}.tmp`;
    // canonical, so recording the same run twice gives the same files
    writeFileSync(tmp, canonicalJson({ key, request, response }) + '\n');
    renameSync(tmp, this.file(key));
  }
}
