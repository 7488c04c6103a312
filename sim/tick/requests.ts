import type { Phase } from './phase.ts';

/*
 * What arrived from outside for this tick, judged before anyone perceives, each request with the
 * Judge's reason when it was refused. Interventions first: the tick's people decide in the world they
 * made; seats are freed (the admin's, then the idle) before joins, so a freed seat takes a newcomer at
 * once; players who join enter before the tick's actors are chosen, so they can act at this very tick.
 */

export const interventionsPhase: Phase = {
  id: 'interventions',
  at: 'open',
  run: ({ judge, input }) => {
    const results = (input.interventions ?? []).map((iv) => ({ request: iv, reason: judge.intervene(iv) }));
    input.onInterventions?.(results);
  },
};

export const seatsPhase: Phase = {
  id: 'seats',
  at: 'open',
  run: ({ judge, input }) => {
    const results = (input.frees ?? []).map((f) => ({ request: f, reason: judge.free(f) }));
    input.onFrees?.(results);
    judge.freeIdle();
  },
};

export const joinsPhase: Phase = {
  id: 'joins',
  at: 'open',
  run: ({ judge, input }) => {
    const results = (input.joins ?? []).map((j) => ({ request: j, reason: judge.join(j, !input.joinsClosed) }));
    input.onJoins?.(results);
  },
};

export const declaresPhase: Phase = {
  id: 'declares',
  at: 'open',
  run: ({ judge, input }) => {
    const results = (input.declares ?? []).map((d) => ({ request: d, reason: judge.declare(d) }));
    input.onDeclares?.(results);
  },
};

export const arguesPhase: Phase = {
  id: 'argues',
  at: 'open',
  run: ({ judge, input }) => {
    const results = (input.argues ?? []).map((a) => ({ request: a, reason: judge.argue(a) }));
    input.onArgues?.(results);
  },
};
