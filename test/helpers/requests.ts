import { inboxOf, type RequestKind } from '../../sim/tick/inbox.ts';
import type { TickInput } from '../../sim/tick/input.ts';

/**
 * A tick's input holding requests of one kind, as the server queues them; when `verdicts` is given,
 * each request's verdict is pushed to it in order: the Judge's reason code, or 'ok' when accepted.
 */
export function asking<R>(kind: RequestKind<R>, requests: readonly R[], verdicts?: string[]): TickInput {
  return {
    requests: inboxOf(kind, requests),
    ...(verdicts
      ? { onRefused: (refused) => verdicts.push(...requests.map((r) => refused.find((x) => x.request === r)?.reason.code ?? 'ok')) }
      : {}),
  };
}
