import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { canonicalJson, digest } from '../store/canonical.ts';
import { LlmCallError } from './errors.ts';

/** What a recorded file holds; read back through zod like any other input from disk. */
const Entry = z.object({ key: z.string(), request: z.unknown(), response: z.record(z.string(), z.unknown()) });

/** The key of a request: a hash of its canonical JSON (key order and whitespace do not matter). */
export const requestKey = (request: unknown): string => digest(canonicalJson(request));

/**
 * Record and replay: every request and its final answer, one file per request named by its key.
 * A replayed run asks the same questions (the prompts are functions of the state), gets the same
 * answers, and so commits the same events. Failed requests are not recorded: in replay they miss,
 * and a miss falls back exactly as the failure did.
 */
export class Cassette {
  constructor(readonly dir: string, readonly mode: 'record' | 'replay') {
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
    const parsed = Entry.safeParse(JSON.parse(text));
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
