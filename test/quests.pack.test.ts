import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenario } from '../sim/scenario/load.ts';
import { ScenarioError } from '../sim/scenario/errors.ts';
import { ROOT } from './helpers/world.ts';

let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const quest = (over: Record<string, unknown>) => ({
  id: 'errand',
  giver: 'he_wenbo',
  goal: { kind: 'visit', place: 'dafen_village' },
  stated: { cn: '{{deadline}}之前去{{place}}，给你{{reward}}。', en: 'Go to {{place}} before {{deadline}} for {{reward}}.' },
  risk: { kind: 'danger', text: { cn: '路上不太平。', en: 'The road is not safe.' } },
  reward: { amount: 50 },
  deadline: 40,
  ...over,
});

describe('quests.json is checked against the pack', () => {
  it('names the file, the path and the reason of every unknown reference and of words that do not say the goal', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'astinus-quests-'));
    await cp(path.join(ROOT, 'scenarios', 'shenzhen'), dir, { recursive: true });
    await writeFile(
      path.join(dir, 'quests.json'),
      JSON.stringify({
        quests: [
          quest({ giver: 'nobody_here' }),
          quest({
            id: 'fetch',
            goal: { kind: 'bring', item: 'unicorn', count: 1, to: 'giver' },
            stated: { cn: '带{{count}}个{{item}}给{{to}}，{{reward}}。', en: 'Bring {{count}} {{item}} to {{to}} for {{reward}}.' },
          }),
          quest({ id: 'vague', stated: { cn: '去走走，给你{{reward}}。', en: 'Go somewhere for {{reward}} and {{bonus}}.' } }),
          quest({
            id: 'heard',
            sources: [{ people: ['lin_feng', 'ghost'], rumour: 'food_stall' }],
            reward: { amount: 50, source: 'printing_press' },
          }),
          quest({ id: 'rich', reward: { amount: 999999 } }),
        ],
      }),
    );
    const err = await loadScenario(dir).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ScenarioError);
    const issues = (err as ScenarioError).issues.map((i) => `${i.file} ${i.path} ${'key' in i.reason ? i.reason.key : i.reason.text}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'quests.json $.quests[0].giver pack.unknown_actor',
        'quests.json $.quests[1].goal.item pack.unknown_item',
        'quests.json $.quests[2].stated.cn pack.quest_missing_slot',
        'quests.json $.quests[2].stated.en pack.quest_unknown_slot',
        'quests.json $.quests[3].sources[0].people[1] pack.unknown_actor',
        'quests.json $.quests[3].sources[0].rumour pack.quest_not_rumour',
        'quests.json $.quests[3].reward.source pack.unknown_source',
        'quests.json $.quests[4].reward.amount pack.quest_reward_cap',
      ]),
    );
    expect(issues.every((i) => i.startsWith('quests.json '))).toBe(true);
    // a hostile id is refused by the schema, by path
    await writeFile(path.join(dir, 'quests.json'), JSON.stringify({ quests: [quest({ giver: 'constructor' })] }));
    const bad = await loadScenario(dir).then(
      () => null,
      (e: unknown) => e as ScenarioError,
    );
    expect(bad?.issues.map((i) => `${i.file} ${i.path}`)).toContain('quests.json $.quests[0].giver');
  });
});
