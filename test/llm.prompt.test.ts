import { beforeAll, describe, expect, it } from 'vitest';
import { brainMessages } from '../bots/brains/llm/prompt.ts';
import { CLOSED_DAYS, UNPAID_DAYS } from '../bots/lessons.ts';
import { functionTools } from '../bots/brains/llm/tools.ts';
import { perceive, type Perception } from '../bots/perception.ts';
import { translator } from '../sim/i18n/translator.ts';
import { LANGS } from '../sim/model/text.ts';
import { TOOL_NAMES } from '../sim/model/tools.ts';
import { countTokens } from '../adapters/llm/usage.ts';
import type { Catalog } from '../sim/scenario/catalog.ts';
import type { WorldState } from '../sim/state/types.ts';
import { indexPlaces } from '../sim/state/place-index.ts';
import { fresh, place, shenzhen } from './helpers/world.ts';

let cat: Catalog;
let busy: Perception;
beforeAll(async () => {
  cat = await shenzhen();
  // everyone at Dongmen, a full place log, something told, something refused, something carried
  const s: WorldState = fresh(cat, 3);
  for (const id of Object.keys(s.actors)) place(s, id, 'dongmen');
  const me = s.actors.lin_feng;
  me.money = 1234;
  me.inventory = { water: 2 };
  me.memory.push({ tick: 0, kind: 'told', msg: { text: 'Fang Lan says the rent is due on Friday.' }, importance: 5, about: ['fang_lan'] });
  me.lastFailure = { sig: 'x', tick: 0, reason: { text: 'You cannot afford a taxi.' } };
  s.places.dongmen.recent = Array.from({ length: 16 }, (_, i) => ({ tick: 0, actor: null, msg: { text: `Event number ${i}.` } }));
  busy = perceive(cat, s, indexPlaces(cat, s), 'lin_feng', 1);
});

describe("the LLM brain's prompt", () => {
  // the average decision's budget is 1,500 (README, bench goals); a crowded place, the whole log and every
  // template of the pack on offer is the worst case, allowed a little more
  it('stays under 1,600 tokens a decision at a crowded place, in both languages (as the model counts them)', () => {
    for (const lang of LANGS) {
      const prompt = JSON.stringify(brainMessages(cat, busy, lang)) + JSON.stringify(functionTools(translator(lang), cat.words));
      expect(countTokens(prompt), lang).toBeLessThan(1600);
    }
  });

  it('still says what the bot perceives: its body, place, people, what happened, what it remembers and why it was refused', () => {
    const [system, user] = brainMessages(cat, busy, 'en').map((m) => m.content as string);
    expect(system).toContain('[lin_feng]');
    for (const bit of ['1234 yuan', '[water] x2', '[dongmen]', 'Fang Lan says the rent is due on Friday.', 'You cannot afford a taxi.'])
      expect(user).toContain(bit);
    // the newest of the place's log, and a count of the rest
    expect(user).toContain('Event number 15.');
    expect(user).not.toContain('Event number 3.');
    expect(user).toMatch(/\(\d+ earlier\)/);
    // a few of the people here, and how many more there are
    const people = user.split('\n').find((l) => l.startsWith('People here')) ?? '';
    const shown = busy.people.filter((n) => people.includes(`[${n.id}]`)).length;
    expect(shown).toBeGreaterThan(0);
    expect(people).toContain(`+${busy.people.length - shown} more`);
  });

  it('tells a thing of its own that closed lately for want of takers, as the policy brain remembers it, in both languages', () => {
    const s = fresh(cat, 3);
    const cls = cat.scenario.templates.find((t) => t.effects.some((e) => e.type === 'class'))!;
    const day = cat.scenario.vocabulary.time.ticksPerDay;
    s.actors.lin_feng.closed = { [cls.id]: 100 };
    const user = (tick: number, lang: 'en' | 'cn') =>
      brainMessages(cat, perceive(cat, s, indexPlaces(cat, s), 'lin_feng', tick), lang)[1].content as string;
    // (a name that reads as its id is given once, as the id)
    expect(user(101, 'en')).toMatch(
      new RegExp(`Yours that closed lately for want of takers \\[tick\\]: [^\\n]*\\[${cls.id}\\] \\[100\\]\\.`),
    );
    expect(user(101, 'cn')).toContain(`无人光顾而关掉了 [轮次]：${cls.name.cn} [${cls.id}] [100]`);
    // past the days the policy brain waits, it is old news and not told
    expect(user(100 + CLOSED_DAYS * day, 'en')).not.toContain('closed lately');
  });

  it('tells an employer who could not pay lately, as the policy brain remembers it, in both languages', () => {
    const s = fresh(cat, 3);
    const day = cat.scenario.vocabulary.time.ticksPerDay;
    s.actors.lin_feng.unpaid = { lao_chen: 100 };
    const user = (tick: number, lang: 'en' | 'cn') =>
      brainMessages(cat, perceive(cat, s, indexPlaces(cat, s), 'lin_feng', tick), lang)[1].content as string;
    expect(user(101, 'en')).toMatch(/Employers who could not pay you for work lately \[tick\]: [^\n]*\[lao_chen\] \[100\]\./);
    expect(user(101, 'cn')).toContain('最近付不出你工钱的雇主 [轮次]：');
    expect(user(100 + UNPAID_DAYS * day, 'en')).not.toContain('could not pay you');
  });

  it('leaves out what is empty rather than spelling "none"', () => {
    const s = fresh(cat, 3);
    place(s, 'lin_feng', 'pinghu_logistics');
    for (const id of Object.keys(s.actors)) if (s.actors[id].location === 'pinghu_logistics' && id !== 'lin_feng') place(s, id, 'dongmen');
    const alone = perceive(cat, s, indexPlaces(cat, s), 'lin_feng', 1);
    const user = brainMessages(cat, alone, 'en')[1].content as string;
    expect(alone.people).toEqual([]);
    expect(user).not.toContain('People here');
    expect(user).not.toMatch(/\bnone\b/);
    expect(user).not.toContain('refused');
  });

  it('offers all five tools with argument schemas in both languages', () => {
    for (const lang of LANGS) {
      const tools = functionTools(translator(lang), cat.words).map(
        (t) => (t as { function: { name: string; description?: string; parameters?: unknown } }).function,
      );
      expect(tools.map((f) => f.name)).toEqual([...TOOL_NAMES]);
      for (const f of tools) {
        expect(f.description, f.name).toBeTruthy();
        const params = f.parameters as { type: string; properties: Record<string, unknown>; required: string[] };
        expect(params.type).toBe('object');
        for (const r of params.required) expect(Object.keys(params.properties)).toContain(r);
      }
    }
  });
});
