import type { Phase as TickPhase } from './phase.ts';
import { readTension } from '../../world-engine/director/measures.ts';
import { nearMilestone } from '../../world-engine/director/rules.ts';
import { type Director, rulesDirector } from '../../world-engine/director/types.ts';
import { NOTHING_RECENT, type Recent } from '../../world-engine/director/window.ts';
import { proposers } from '../judge/changes.ts';
import { judgeDirector } from '../judge/director.ts';
import type { TickJudge } from '../judge/judge.ts';
import type { Phase } from '../model/director.ts';
import { msg } from '../model/text.ts';

/**
 * The director's turn in a tick, for a pack with a director.json, every `every` ticks of the phase once
 * a window of ticks has passed:
 * read the tension, switch the phase when a milestone comes near (or none is any more), then, out of
 * the cooldown, let the director (the rules, or a model) propose and the Judge judge the proposal.
 * `window` tells what the recent ticks held (the World keeps it); without it nothing happened.
 */
export async function runDirector(judge: TickJudge, window: Recent | undefined, director: Director = rulesDirector): Promise<void> {
  const { cat, state, tick } = judge;
  const f = cat.scenario.director;
  if (!f) return;
  const phase: Phase = state.director?.phase ?? 'steady';
  // a world younger than the window has no past to measure: its stillness would read as boredom
  if (tick < f.window || tick % f[phase].every !== 0) return;
  const reading = readTension(cat, f, state, window ?? NOTHING_RECENT, tick);
  const near = nearMilestone(f, state, reading, tick);
  const to: Phase = near ? 'acceleration' : 'steady';
  if (to !== phase) {
    const why = near ? msg('director.why.near', { name_cn: near.name.cn, name_en: near.name.en }) : msg('director.why.passed');
    judge.judged(proposers.story('director', null, cat.scenario.places[0].id), (d) =>
      d.emit({ type: 'phase_changed', from: phase, to, tension: reading.tension, why }),
    );
  }
  const last = state.director?.last ?? -1;
  if (last >= 0 && tick - last < f[to].cooldown) return;
  const p = await director.propose(cat, f, state, tick, to, reading);
  if (p) judgeDirector(judge, f, p, reading);
}

/** The director's turn, after the world's own: it reads the window of ticks the World keeps. */
export const directorPhase: TickPhase = {
  id: 'director',
  at: 'close',
  run: ({ judge, recent, advisors }) => runDirector(judge, recent, advisors.director),
};
