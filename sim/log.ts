import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * pino at the edges only (CLI, server): JSON to a file, or to stderr, readable through
 * pino-pretty when stderr is a terminal. Simulation code never logs the wall clock into events.
 */
export function createLogger(opts: { level?: string; file?: string }): Logger {
  const level = opts.level ?? process.env.LOG_LEVEL ?? 'warn';
  if (opts.file) return pino({ level }, pino.destination({ dest: opts.file, mkdir: true, sync: false }));
  // in-thread and synchronous: a short run must not exit before its last line is written
  if (process.stderr.isTTY) return pino({ level }, pretty({ destination: 2, sync: true, colorize: true }));
  return pino({ level }, pino.destination(2));
}
