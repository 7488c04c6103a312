import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';

// pino-pretty is loaded only for a terminal: a run whose stderr is a pipe or a file never needs its files
const load = createRequire(import.meta.url);

export type { Logger };

/**
 * pino at the edges only (CLI, server): JSON to a file, or to stderr, readable through
 * pino-pretty when stderr is a terminal. Simulation code never logs the wall clock into events.
 */
export function createLogger(opts: { level?: string; file?: string }): Logger {
  const level = opts.level ?? process.env.LOG_LEVEL ?? 'warn';
  if (opts.file) return pino({ level }, pino.destination({ dest: opts.file, mkdir: true, sync: false }));
  // in-thread and synchronous: a short run must not exit before its last line is written
  if (process.stderr.isTTY) {
    const pretty = load('pino-pretty') as typeof import('pino-pretty');
    return pino({ level }, pretty({ destination: 2, sync: true, colorize: true }));
  }
  return pino({ level }, pino.destination(2));
}
