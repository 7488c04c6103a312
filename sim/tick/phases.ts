import { answersPhase } from './answers.ts';
import { clockPhase, effectsPhase, reflectionPhase } from './close.ts';
import { directorPhase } from './director.ts';
import type { Phase } from './phase.ts';
import { questSettlePhase, questTakePhase } from './quests.ts';
import { arguesPhase, declaresPhase, interventionsPhase, joinsPhase, seatsPhase } from './requests.ts';
import { presencePhase } from './presence.ts';
import { fundsPhase } from './funds.ts';
import { storyBeforePhase, storyTurnPhase } from './story.ts';

/**
 * Every phase of a tick, in the order they run (docs/design.md, The tick): the `open` ones before the
 * runner's step (the due actors perceive, decide, are resolved and judged), the `close` ones after it.
 * A feature registers here with one line; the runner (`pipeline.ts`) runs whatever is listed.
 */
export const PHASES: readonly Phase[] = [
  interventionsPhase,
  seatsPhase,
  presencePhase,
  joinsPhase,
  declaresPhase,
  arguesPhase,
  storyBeforePhase,
  questTakePhase,
  answersPhase,
  effectsPhase,
  fundsPhase,
  questSettlePhase,
  directorPhase,
  clockPhase,
  reflectionPhase,
  storyTurnPhase,
];
