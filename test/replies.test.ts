import { describe, expect, it } from 'vitest';
import { memoryStore } from '../adapters/store/memory.ts';
import { policyBrain } from '../bots/brains/policy/index.ts';
import { brainMessages } from '../bots/brains/llm/prompt.ts';
import { PlayerQueue } from '../bots/brains/player.ts';
import { perceive } from '../bots/perception.ts';
import { answerBasis } from '../bots/work-lead.ts';
import { Renderer } from '../sim/i18n/render.ts';
import type { EventOf, Event } from '../sim/model/events.ts';
import { jobTag } from '../sim/model/jobs.ts';
import type { Message } from '../sim/model/text.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { JOIN } from '../sim/tick/requests.ts';
import { World } from '../sim/world.ts';
import { ruleEngine } from '../world-engine/rules/index.ts';
import { asking } from './helpers/requests.ts';
import { shenzhen } from './helpers/world.ts';

/**
 * People reply in words (bots/brains/policy/replies.ts): asked about work, a person names work that is
 * really open, and where, for what pay, or says there is none; asked for news, they repeat a fact they
 * know. The event carries a key and ids; the sentence is rendered in either language.
 */
async function open(seed = 5) {
  const cat = await shenzhen();
  const players = new PlayerQueue();
  const w = await World.open({
    scenario: cat.scenario,
    seed,
    population: null,
    store: memoryStore(),
    brain: policyBrain(),
    engine: ruleEngine(),
    players,
  });
  await w.step(asking(JOIN, [{ actor: 'player-1', name: { cn: '艾达', en: 'Ada' }, concept: 'a newcomer', place: 'dongmen' }]));
  /** Ada says `text` to `target`; the answer of that tick, if any */
  const ask = async (target: string, text: string) => {
    players.put({
      id: `ask-${w.state.tick}`,
      actor: 'player-1',
      tool: 'interact',
      args: { target, manner: 'friendly', content: { text } },
    });
    const events: Event[] = await w.step();
    const reply = events.find(
      (e): e is EventOf<'action'> =>
        e.type === 'action' && e.actor === target && e.call.tool === 'interact' && e.call.args.target === 'player-1',
    );
    return reply ? (reply.call.args as { content: Message }).content : null;
  };
  const present = () =>
    Object.values(w.state.actors).filter((a) => !a.player && a.status === 'alive' && a.location === w.state.actors['player-1'].location);
  const said = (m: Message) => ({ en: new Renderer('en', cat, w.state).render(m), cn: new Renderer('cn', cat, w.state).render(m) });
  return { cat, w, ask, present, said };
}

describe('people reply in words', () => {
  it('asked about work, a person names work that is open, where and for what pay, in either language', async () => {
    const { cat, w, ask, present, said } = await open();
    const target = present()[0];
    expect(target, 'someone at Dongmen').toBeDefined();
    const holders = { ...w.state.jobHolders };
    const reply = await ask(target.id, 'Any work going?');
    expect(reply && 'key' in reply ? reply.key : reply).toMatch(/^reply\.work\.(open|mine_open)$/);
    const p = (reply as { params: Record<string, { id: string } | number> }).params;
    const job = cat.scenario.meta.jobs.find((j) => j.id === (p.job as { id: string }).id)!;
    const boss = w.state.actors[(p.employer as { id: string }).id];
    // true of the world: the employer hires for this job, is in play, and their crew had room
    expect(boss.soul).toBe(job.employer);
    expect(boss.status).toBe('alive');
    expect(holders[jobTag(job.id, boss.id)] ?? 0).toBeLessThan(job.capacity);
    expect((p.place as { id: string }).id).toBe(job.place);
    expect(p.money).toBe(job.wage);
    const r = { en: new Renderer('en', cat, w.state), cn: new Renderer('cn', cat, w.state) };
    const text = said(reply!);
    for (const lang of ['en', 'cn'] as const) {
      expect(text[lang]).toContain(r[lang].param({ ref: 'job', id: job.id }));
      expect(text[lang]).toContain(r[lang].place(job.place));
      expect(text[lang]).toContain(r[lang].money(job.wage));
    }
    // asked in Chinese, the same
    const again = await ask(target.id, '这边有活儿干吗？');
    expect(again && 'key' in again && again.key.startsWith('reply.work.')).toBe(true);
  });

  it('with every crew full, the answer is that there is no work', async () => {
    const { cat, w, ask, present, said } = await open();
    // as if every crew had been taken on: the answer holds to the crews as they stand
    for (const a of Object.values(w.state.actors)) {
      const job = cat.jobsByEmployer.get(a.soul);
      if (job) w.state.jobHolders[jobTag(job.id, a.id)] = job.capacity;
    }
    const reply = await ask(present()[0].id, 'Is anyone hiring?');
    expect(reply).toEqual({ key: 'reply.work.none' });
    expect(said(reply!).en).toMatch(/Nobody is taking anyone on/);
  });

  it('asked about rumours, a person repeats a fact they know; one who knows none says so', async () => {
    const { w, ask, present, said } = await open();
    let told = 0;
    let none = 0;
    for (let i = 0; i < 30 && (told === 0 || none === 0); i++) {
      for (const a of present().slice(0, 3)) {
        const knows = [...a.knows];
        const reply = await ask(a.id, 'Heard any rumours lately?');
        if (!reply || !('key' in reply)) continue;
        if (reply.key === 'reply.news.fact') {
          const fact = (reply.params!.fact as { id: string }).id;
          // a fact they held when they answered (perhaps heard earlier in that same tick), in its own words
          expect(w.state.actors[a.id].knows).toContain(fact);
          expect(said(reply).en).toContain(said(w.state.facts[fact].content).en);
          told++;
        } else {
          expect(reply.key).toBe('reply.news.none');
          // nothing known before the tick: a fact would have been told
          expect(knows).toEqual([]);
          none++;
        }
        break;
      }
      if (told === 0 || none === 0) await w.step();
    }
    expect(told).toBeGreaterThan(0);
  });

  it("a model answering is told the work really open and the facts it knows, and no one else's", async () => {
    const { cat, w, present } = await open();
    const a = present().find((x) => x.knows.length) ?? present()[0];
    const basis = answerBasis(cat, w.state, a.id);
    const p = {
      ...perceive(cat, w.state, indexPlaces(cat, w.state), a.id, w.state.tick),
      answering: { to: 'player-1', said: { text: 'Any news? Any work?' }, basis },
    };
    const prompt = brainMessages(cat, p, 'en')
      .map((m) => String(m.content))
      .join('\n');
    const r = new Renderer('en', cat, w.state);
    expect(basis.work).not.toBeNull();
    expect(prompt).toContain(r.param({ ref: 'job', id: basis.work!.job }));
    expect(prompt).toContain(r.money(basis.work!.wage));
    for (const k of basis.known) expect(a.knows).toContain(k.id);
    if (basis.known.length) expect(prompt).toContain('What you have heard and may pass on');
    else expect(prompt).toContain('You have heard no news');
    // a fact the answerer does not know is not in its prompt
    const unknown = Object.values(w.state.facts).find((f) => !a.knows.includes(f.id) && 'text' in f.content);
    if (unknown && 'text' in unknown.content) expect(prompt).not.toContain(unknown.content.text);
  });
});
