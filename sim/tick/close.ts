import { dueForReflection, reflect } from '../../bots/reflection.ts';
import { lastingEffects } from '../../world-engine/effects/index.ts';
import { proposers } from '../judge/changes.ts';
import { runClock } from '../judge/clock.ts';
import type { Phase } from './phase.ts';

/* The world's own turn after the calls: what made things do, needs and the status machine's clocks, reflection. */

export const effectsPhase: Phase = {
  id: 'effects',
  at: 'close',
  run: ({ cat, state, tick, judge }) => {
    for (const p of lastingEffects(cat, state, tick)) judge.proposal(proposers.effect(p.entity, p.place), p.changes);
  },
};

export const clockPhase: Phase = {
  id: 'clock',
  at: 'close',
  run: ({ cat, state, tick, judge, acted }) => {
    // everyone who acted, the answers' speakers too, in one order: the clock and reflection read them so
    acted.sort();
    runClock(cat, state, tick, judge, acted);
  },
};

export const reflectionPhase: Phase = {
  id: 'reflection',
  at: 'close',
  run: ({ cat, state, judge, acted }) => {
    for (const id of acted) {
      const a = state.actors[id];
      if (dueForReflection(cat, a)) judge.reflect(id, reflect(cat, state, a));
    }
  },
};
