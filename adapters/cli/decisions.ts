import { closeSync, openSync, writeSync } from 'node:fs';
import type { DecisionNote, DecisionSink } from '../../bots/brains/types.ts';

/**
 * `run --decisions FILE`: one JSON line per bot decision, in the order the brains decided, written
 * as they come (the file is made at the first decision, so a run refused before it leaves none):
 * `{"tick", "actor", "brain", "call", "options"?: [{"call", "strategy", "score"}], "why"?}`.
 * Scores are rounded to 6 decimals. README, "Exports for analysis", shows a line.
 */
export function decisionLog(file: string): { sink: DecisionSink; close(): void } {
  let fd: number | null = null;
  let buf = '';
  const flush = () => {
    if (!buf) return;
    fd ??= openSync(file, 'w');
    writeSync(fd, buf);
    buf = '';
  };
  return {
    sink: (n: DecisionNote) => {
      buf += line(n) + '\n';
      if (buf.length > 1 << 20) flush();
    },
    close: () => {
      flush();
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

/** The note with its keys in a fixed order, for reading by eye and by `jq`. */
function line(n: DecisionNote): string {
  return JSON.stringify({
    tick: n.tick,
    actor: n.actor,
    brain: n.brain,
    call: n.call,
    ...(n.options
      ? { options: n.options.map((o) => ({ call: o.call, strategy: o.strategy, score: Math.round(o.score * 1e6) / 1e6 })) }
      : {}),
    ...(n.why !== undefined ? { why: n.why } : {}),
  });
}
