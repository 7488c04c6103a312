import type { ArgueJudge } from '../../world-engine/argue/types.ts';
import type { Director } from '../../world-engine/director/types.ts';
import type { ProgressJudge } from '../../world-engine/story/progress/types.ts';

/**
 * Who weighs what the rules alone cannot: each is the rules unless the run or the server has a model
 * (built in adapters/cli/backends.ts). What they say is a proposal: the Judge judges it again.
 */
export interface Advisors {
  /** whether a trait fits a risky word, for players' arguments and bots' (world-engine/argue) */
  argue?: ArgueJudge;
  /** how a player's story turn went (world-engine/story/progress) */
  progress?: ProgressJudge;
  /** what the director stages (world-engine/director) */
  director?: Director;
}
