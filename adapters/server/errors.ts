import type { z } from 'zod';
import { translator } from '../../sim/i18n/translator.ts';
import type { ErrorReply } from './protocol.ts';

/** A refusal with an HTTP status and a stable code; its message comes from `server.error.<code>`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params: Record<string, unknown> = {},
    readonly issues?: string[],
  ) {
    super(code);
    this.name = 'HttpError';
  }
}

const cn = () => translator('cn');
const en = () => translator('en');

export function errorBody(code: string, params: Record<string, unknown> = {}, issues?: string[]): ErrorReply {
  const key = `server.error.${code}`;
  return { code, message: { cn: cn()(key, params), en: en()(key, params) }, ...(issues ? { issues } : {}) };
}

/** Issues as short `path: reason` lines: a client sees which field was wrong and why. */
export function issueLines(err: z.ZodError): string[] {
  return err.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}

/** Parse untrusted input; a failure is a 400 that names the fields. */
export function parseOr400<S extends z.ZodTypeAny>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issues = issueLines(r.error);
  throw new HttpError(400, 'bad_request', { detail: issues.join('; ') }, issues);
}
