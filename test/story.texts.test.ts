import { packRefs } from '../sim/scenario/refs.ts';
import { describe, expect, it } from 'vitest';
import { claimsIn } from '../sim/judge/claims.ts';
import { knownAbout } from '../sim/judge/facts-about.ts';
import type { Event } from '../sim/model/events.ts';
import { StoryFile } from '../sim/model/session.ts';
import { parseWhen, type StoryText, variantsOf, WhenSyntax } from '../sim/model/story-text.ts';
import type { Text } from '../sim/model/text.ts';
import { buildCatalog, type Catalog } from '../sim/scenario/catalog.ts';
import { loadInk } from '../sim/scenario/ink.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { readPackJson } from '../sim/scenario/json.ts';
import type { WorldState } from '../sim/state/types.ts';
import { StoryBook } from '../sim/story/book.ts';
import { bindings } from '../world-engine/story/bind.ts';
import { storyWarnings, storyWords, unbackedStoryWords } from '../world-engine/story/texts.ts';
import { playStory, prefer, type Played } from './helpers/story-play.ts';
import { ROOT } from './helpers/world.ts';

/**
 * Every story line is backed (docs/design.md, The story): a chapter's, situation's or ending's words
 * are variants chosen by the committed world, each held to it by the narrator's claim reader, so a
 * player is never told "the city has begun to know you" while nobody knows them.
 */

const me = 'player-1';
const pack = async (name: string) => buildCatalog(await loadScenario(`${ROOT}scenarios/${name}`));

/**
 * The checker: what the ending's committed words claim, read with the claim reader, against the
 * final state and the ending tick's events, kind by kind, independently of the chooser.
 */
function contradictions(cat: Catalog, state: WorldState, events: readonly Event[], tick: number, text: Text): string[] {
  const mine = events.filter((e) => e.tick === tick && JSON.stringify(e).includes(`"${me}"`));
  const a = state.actors[me];
  const out: string[] = [];
  for (const lang of ['cn', 'en'] as const)
    for (const c of claimsIn(text[lang], cat, state)) {
      const places = c.about.filter((id) => cat.places.has(id));
      if (c.kind === 'renown' && knownAbout(state, me) === 0) out.push(`${lang}: "${c.clause}" while nobody knows the player`);
      if (c.kind === 'transfer' && !mine.some((e) => e.type === 'money_destroyed' || e.type === 'transfer'))
        out.push(`${lang}: "${c.clause}" with no payment of the player's that tick`);
      if (places.some((p) => p !== a.location))
        out.push(`${lang}: "${c.clause}" names ${places.join(', ')}; the player is at ${a.location}`);
      if ((c.kind === 'death' || c.kind === 'collapse') && a.status === 'alive')
        out.push(`${lang}: "${c.clause}" while the player is well`);
    }
  return out;
}

/** Every ending of each pack reachable by choices in a bounded play (the time-outs need a month of ticks: see the last test). */
const PLAYS: [string, string, ReturnType<typeof prefer>, { place: string; seed: number }][] = [
  ['shenzhen', 'made_it', prefer('post_moments', 'work_shift', 'rest', 'ask_foreman', 'go_to_site'), { place: 'luohu_station', seed: 4 }],
  ['shenzhen', 'went_home', prefer('buy_ticket_home', 'work_shift', 'rest', 'ask_foreman', 'go_to_site'), { place: 'dongmen', seed: 9 }],
  ['shenzhen', 'went_home', prefer('buy_ticket_home', 'call_home'), { place: 'dongmen', seed: 2 }],
  [
    'riverford',
    'freeman',
    prefer('give_alms', 'haul_sacks', 'rest_a_while', 'ask_osric', 'walk_to_quay'),
    { place: 'market_square', seed: 4 },
  ],
  [
    'riverford',
    'drifter',
    prefer('take_boat', 'haul_sacks', 'rest_a_while', 'ask_osric', 'walk_to_quay'),
    { place: 'market_square', seed: 9 },
  ],
];

describe("each ending's words match the world it ends in", () => {
  const played = new Map<string, Played>();
  for (const [name, ending, script, o] of PLAYS)
    it(`${name}: ${ending} (seed ${o.seed}, from ${o.place})`, async () => {
      const cat = await pack(name);
      const a = await playStory(name, script, o);
      played.set(`${name}:${o.seed}`, a);
      expect(a.ending).toBe(ending);
      const ended = a.events.find((e) => e.type === 'story_ended');
      if (ended?.type !== 'story_ended') throw new Error('no ending');
      // the authored words were committed, and the checker finds nothing in them the world does not hold
      expect(ended.name).toEqual(variantsOf(cat.scenario.story!.endings[ending].name).at(-1)!.text);
      expect(ended.text).toBeDefined();
      expect(contradictions(cat, a.state, a.events, ended.tick, ended.text!)).toEqual([]);
      expect(unbackedStoryWords(cat, a.state, me, ended.text!, bindings(cat, a.state, me, cat.scenario.story!), a.events)).toEqual([]);
      // the player's story lines: the ending by its name and summary, never its id or a blank to fill
      const book = new StoryBook(cat, a.state);
      book.add(a.events);
      for (const l of book.lines(me)!)
        for (const lang of ['cn', 'en'] as const) {
          expect(l.text[lang]).not.toContain('{{');
          expect(l.text[lang].split(ended.name![lang]).join(' ')).not.toContain(ending);
        }
      const last = book.lines(me)!.at(-1)!;
      expect(last.text.en).toContain(ended.text!.en);
      expect(last.text.cn).toContain(ended.text!.cn);
    });

  it('the words the shipped packs used to show are refused in the world these plays end in', async () => {
    // Shenzhen's "Made it" told a player nobody knew that the city had begun to know them
    const sz = await pack('shenzhen');
    const a = played.get('shenzhen:4') ?? (await playStory('shenzhen', PLAYS[0][2], PLAYS[0][3]));
    const old = {
      cn: '你靠自己的双手攒下了第一笔钱，在朋友圈里告诉所有人：你留下来了。这座城市开始认得你。',
      en: 'You saved your first money by your own hands and told everyone on your Moments: you are staying. The city has begun to know you.',
    };
    expect(knownAbout(a.state, me)).toBe(0);
    expect(unbackedStoryWords(sz, a.state, me, old, bindings(sz, a.state, me, sz.scenario.story!))).toEqual(['cn: renown', 'en: renown']);
    // Riverford's freeman told a player on the quay they gave alms at the shrine and folk call them by name
    const rf = await pack('riverford');
    const b = played.get('riverford:4') ?? (await playStory('riverford', PLAYS[3][2], PLAYS[3][3]));
    const quay = {
      cn: '你在渡口圣母神龛捐了施舍。河渡镇的人开始叫你的名字。',
      en: "You donated alms at the Shrine of Our Lady of the Ford. Riverford's folk have begun to call you by name.",
    };
    const tick = b.events.find((e) => e.type === 'story_ended')!.tick;
    const why = unbackedStoryWords(
      rf,
      b.state,
      me,
      quay,
      bindings(rf, b.state, me, rf.scenario.story!),
      b.events.filter((e) => e.tick === tick),
    );
    expect(b.state.actors[me].location).not.toBe('ladys_shrine');
    expect(why).toEqual(expect.arrayContaining(['en: ladys_shrine (Shrine of Our Lady of the Ford)', 'en: renown', 'cn: renown']));
  });

  it('the endings that come with time (a month of ticks) have backed words in a world where they would come now', async () => {
    for (const [name, ending] of [
      ['shenzhen', 'time_up'],
      ['riverford', 'winter'],
    ] as const) {
      const cat = await pack(name);
      const a = played.get(`${name}:4`) ?? (await playStory(name, prefer('rest'), { maxTicks: 5 }));
      const def = cat.scenario.story!.endings[ending];
      for (const st of [def.name, def.summary]) {
        const words = storyWords(cat, a.state, me, st);
        expect(words).not.toBeNull();
        expect(contradictions(cat, a.state, [], -1, words!)).toEqual([]);
      }
    }
  });
});

describe('a variant whose words the world does not back is skipped for the next', () => {
  const st: StoryText = [
    { when: 'day >= 1', text: { cn: '这座城市开始认得你。', en: 'The city has begun to know you.' } },
    { when: 'day >= 1', text: { cn: '你在罗湖火车站。', en: 'You stand at Luohu Railway Station.' } },
    { when: 'day >= 1', text: { cn: '你捐了些钱。', en: 'You donated to the poor.' } },
    { text: { cn: '你还在这里。', en: 'You are still here.' } },
  ];

  it('renown needs people who know the player; a place needs the player there; a payment needs the tick to carry it', async () => {
    const cat = await pack('shenzhen');
    const a = await playStory('shenzhen', prefer('look_around'), { place: 'dongmen', seed: 3, maxTicks: 4 });
    // a world where nobody knows a thing about the player (bots may have started a rumour about them already)
    const s = structuredClone(a.state);
    for (const x of Object.values(s.actors)) if (x.id !== me) x.knows = x.knows.filter((f) => s.facts[f]?.about !== me);
    expect(s.actors[me].location).toBe('dongmen');
    expect(knownAbout(s, me)).toBe(0);
    expect(storyWords(cat, s, me, st)?.en).toBe('You are still here.');

    // a payment of the player's this tick backs "you donated"
    const paid = { type: 'money_destroyed', from: me, amount: 20, sink: 'charity', debit: null, tick: s.tick, seq: 0 } as Event;
    expect(storyWords(cat, s, me, st, { events: [paid] })?.en).toBe('You donated to the poor.');
    // another's payment does not
    const theirs = { ...paid, from: 'lao_chen' } as Event;
    expect(storyWords(cat, s, me, st, { events: [theirs] })?.en).toBe('You are still here.');

    // the player at the station: the place's name is backed
    const there = structuredClone(s);
    there.actors[me].location = 'luohu_station';
    expect(storyWords(cat, there, me, st)?.en).toBe('You stand at Luohu Railway Station.');

    // someone comes to know a fact about the player: the city knows them
    const known = structuredClone(s);
    const other = Object.keys(known.actors).find((id) => id !== me)!;
    known.facts = {
      ...known.facts,
      'f:test': {
        id: 'f:test',
        content: { key: 'say.thoughts' },
        about: me,
        truth: true,
        origin: { actor: other, tick: 0, place: 'dongmen' },
      },
    };
    known.actors[other].knows.push('f:test');
    expect(knownAbout(known, me)).toBe(1);
    expect(storyWords(cat, known, me, st)?.en).toBe('The city has begun to know you.');
  });

  it('a condition picks by the bound variables: the first day is the first day only', async () => {
    const cat = await pack('shenzhen');
    const first = cat.scenario.story!.situations.first_day.name;
    const a = await playStory('shenzhen', prefer('look_around'), { place: 'dongmen', seed: 3, maxTicks: 4 });
    expect(storyWords(cat, a.state, me, first)?.en).toBe('The first day');
    const later = structuredClone(a.state);
    const perDay = cat.scenario.vocabulary.time.ticksPerDay;
    later.tick += 2 * perDay;
    expect(storyWords(cat, later, me, first)).toEqual({ cn: '找活干的日子', en: 'Looking for work' });
  });
});

describe('story text variants are checked when the pack loads', () => {
  async function issuesWith(edit: (f: Record<string, unknown>) => void) {
    const dir = `${ROOT}scenarios/shenzhen`;
    const read = await readPackJson(dir, 'story.json');
    if (read.kind !== 'ok') throw new Error('no story.json');
    const raw = structuredClone(read.json) as Record<string, unknown>;
    edit(raw);
    const file = StoryFile.parse(raw);
    const cat = await pack('shenzhen');
    const r = await loadInk(dir, file, packRefs(cat.scenario));
    return r.issues.map((i) => ({ file: i.file, path: i.path, key: 'key' in i.reason ? i.reason.key : i.reason.text }));
  }
  const variants = (when: string) => (f: Record<string, unknown>) => {
    (f.situations as Record<string, { name: unknown }>).first_day.name = [
      { when, text: { cn: '甲', en: 'A' } },
      { text: { cn: '乙', en: 'B' } },
    ];
  };
  const at = '$.situations.first_day.name[0].when';

  it('the shipped packs load clean', async () => {
    expect(await issuesWith(() => undefined)).toEqual([]);
  });

  it.each([
    ['day ==', 'pack.story_when_syntax'],
    ['day == 1 &&& known', 'pack.story_when_syntax'],
    ['days == 1', 'pack.story_when_unknown'],
    ['resolve > 1', 'pack.story_when_unknown'],
    ['place > 3', 'pack.story_when_type'],
    ['employed == 1', 'pack.story_when_type'],
    ['money', 'pack.story_when_type'],
    ['place == "luohu"', 'pack.story_when_value'],
  ])('"%s" is refused (%s) with the file and the path', async (when, key) => {
    expect(await issuesWith(variants(when))).toEqual([{ file: 'story.json', path: at, key }]);
  });

  it('the default comes last and only last', async () => {
    const noDefault = await issuesWith((f) => {
      (f.situations as Record<string, { name: unknown }>).first_day.name = [{ when: 'day == 1', text: { cn: '甲', en: 'A' } }];
    });
    expect(noDefault).toEqual([{ file: 'story.json', path: at, key: 'pack.story_text_default' }]);
    const early = await issuesWith((f) => {
      (f.endings as Record<string, { summary: unknown }>).made_it.summary = [
        { text: { cn: '甲', en: 'A' } },
        { text: { cn: '乙', en: 'B' } },
      ];
    });
    expect(early).toEqual([{ file: 'story.json', path: '$.endings.made_it.summary[0]', key: 'pack.story_text_unreachable' }]);
  });

  it('a choice whose content key lacks the parameters its words need is refused (no "{{place}}" reaches a player)', async () => {
    const issues = await issuesWith((f) => {
      (f.choices as Record<string, { call: { args: Record<string, unknown> } }>).post_moments.call.args.content = { key: 'say.moment' };
    });
    expect(issues).toEqual([
      { file: 'story.json', path: '$.choices.post_moments.call.args.content.params', key: 'pack.content_param_missing' },
    ]);
  });

  it('conditions read like ink: and, or, not, parentheses', () => {
    expect(parseWhen('not employed and (day > 3 or known >= 2)')).toEqual(parseWhen('!employed && (day > 3 || known >= 2)'));
    expect(() => parseWhen('(day > 3')).toThrow(WhenSyntax);
  });
});

describe("the shipped packs' default words claim nothing", () => {
  it.each(['shenzhen', 'riverford', 'vesta_ring'])('%s: every default is backed for a newcomer who has done nothing', async (name) => {
    const cat = await pack(name);
    const a = await playStory(name, () => null, { maxTicks: 2 });
    const ls = cat.scenario.story!;
    const bound = bindings(cat, a.state, me, ls);
    const texts: [string, StoryText][] = [
      ...Object.entries(ls.chapters).map(([id, x]) => [`chapters.${id}`, x.name] as [string, StoryText]),
      ...Object.entries(ls.situations).map(([id, x]) => [`situations.${id}`, x.name] as [string, StoryText]),
      ...Object.entries(ls.endings).flatMap(([id, x]) => [
        [`endings.${id}.name`, x.name] as [string, StoryText],
        [`endings.${id}.summary`, x.summary] as [string, StoryText],
      ]),
    ];
    const unbacked = texts.flatMap(([where, st]) =>
      unbackedStoryWords(cat, a.state, me, variantsOf(st).at(-1)!.text, bound).map((x) => `${where}: ${x}`),
    );
    expect(unbacked).toEqual([]);
  });
});

describe('validate warns of a default that claims something', () => {
  it('names the file, the path and the kinds of claim; the shipped packs have none', async () => {
    const cat = await pack('shenzhen');
    expect(storyWarnings(cat.scenario)).toEqual([]);
    expect(storyWarnings((await pack('riverford')).scenario)).toEqual([]);
    const story = structuredClone(cat.scenario.story!);
    story.endings.made_it.summary = [
      { when: 'known > 0', text: { cn: '这座城市开始认得你。', en: 'The city has begun to know you.' } },
      { text: { cn: '你付了房租。', en: 'You paid the rent. The city has begun to know you.' } },
    ];
    expect(storyWarnings({ ...cat.scenario, story })).toEqual([
      {
        file: 'story.json',
        path: '$.endings.made_it.summary[1].text',
        reason: { key: 'pack.story_default_claims', params: { kinds: 'renown, transfer' } },
      },
    ]);
  });
});
