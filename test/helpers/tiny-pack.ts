import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadScenario } from '../../sim/scenario/load.ts';
import type { Scenario } from '../../sim/model/scenario.ts';
import { tempDir } from './cli.ts';

/**
 * A tiny pack written from scratch (no shipped pack's balance in the way): a station of two decks, a
 * steward who hires, two miners and a cook. `edit` changes the files as parsed JSON before they are
 * written, so a test states only the lines its feature adds. Returns the pack's folder.
 */
export type Json = Record<string, any>;
export type PackFiles = Record<'scenario' | 'vocabulary' | 'places' | 'actors' | 'templates', Json>;

const t = (en: string, cn = en) => ({ cn, en });

function person(id: string, where: string, money: number, roles: string[] = [], heartbeat = 2): Json {
  return {
    id,
    soul: {
      name: t(id),
      description: t('a hand on the station'),
      personality: t('steady'),
      speechStyle: t('plain'),
      exampleDialogue: [{ user: t('How is it?'), char: t('Busy.') }],
    },
    body: { location: where, money, energy: 90 },
    drives: { ambition: 0.5, sociability: 0.6, creativity: 0.2, diligence: 0.8, thrift: 0.5, gossip: 0.3 },
    heartbeat,
    roles,
  };
}

export function tinyFiles(): PackFiles {
  return {
    scenario: {
      id: 'station',
      name: t('Station'),
      description: t('A small station.'),
      version: '1.0.0',
      defaultSeed: 1,
      rules: {
        caps: { reputationDelta: 5, relationshipDelta: 10, moneyPerAction: 500, energyPerAction: 60 },
        money: { sources: [{ id: 'payroll', name: t('Payroll'), perDay: 100 }], sinks: [{ id: 'commissary', name: t('Commissary') }] },
        needs: { energyMax: 100, energyPerDay: 40, lonelyAfterTicks: 30, dyingWindowTicks: 20, unconsciousTicks: 5, reflectEvery: 10 },
      },
      items: [{ id: 'ration', name: t('a ration'), price: 2, energy: 25 }],
      jobs: [
        { id: 'drilling', name: t('drilling'), employer: 'steward', place: 'rock', wage: 8, energy: 10, capacity: 3, source: 'payroll' },
      ],
    },
    vocabulary: {
      currency: { name: t('Credits'), format: t('{{amount}} cr') },
      time: { tick: t('a quarter hour'), ticksPerDay: 48 },
      modes: { walk: { name: t('on foot'), ticksPerUnit: 1, moneyBase: 0, moneyPerUnit: 0, energyPerUnit: 1 } },
      channels: {
        call: { name: t('call out'), verb: t('calls out'), reach: 'place' },
        think: { name: t('think'), verb: t('thinks'), reach: 'self' },
      },
      manners: {
        chat: { name: t('chat'), does: 'befriend' },
        ask_work: { name: t('ask for work'), does: 'bargain' },
        help: { name: t('help'), does: 'rescue' },
      },
      purposes: {
        eat: { name: t('eat'), does: 'eat' },
        work: { name: t('work'), does: 'work' },
        rest: { name: t('rest'), does: 'rest' },
        spend: { name: t('spend'), does: 'spend' },
      },
      roles: { steward: { name: t('steward'), permits: ['hire'] }, miner: { name: t('miner') } },
      kinds: { stall: { name: t('stall') } },
      spending: 'commissary',
    },
    places: {
      layout: 'line',
      places: [
        { id: 'mess', name: t('the mess'), description: t('Tables.'), links: [{ to: 'rock', distance: 1 }], sells: ['ration'] },
        { id: 'rock', name: t('the rock face'), description: t('Drills.'), links: [{ to: 'mess', distance: 1 }] },
      ],
    },
    actors: {
      actors: [
        person('steward', 'rock', 400, ['steward'], 3),
        person('ada', 'rock', 60, ['miner']),
        person('bo', 'mess', 60, ['miner']),
        person('cook', 'mess', 30),
      ],
    },
    templates: {
      templates: [
        {
          id: 'soup',
          name: t('a soup pot'),
          kind: 'stall',
          strategy: 'trade',
          cost: { money: 10, energy: 10 },
          effects: [{ type: 'food', price: 3, energy: 25 }],
        },
      ],
    },
  };
}

/**
 * Write the tiny pack, as `edit` leaves it, to a folder `station` under `parent` (a fresh temp folder
 * unless given); returns the pack's folder. The caller removes it.
 */
export async function writeTiny(edit: (f: PackFiles) => void = () => {}, parent?: string): Promise<string> {
  const f = tinyFiles();
  edit(f);
  const dir = path.join(parent ?? (await tempDir('astinus-tiny-')), 'station');
  await mkdir(dir);
  for (const [name, json] of Object.entries(f)) await writeFile(path.join(dir, `${name}.json`), JSON.stringify(json, null, 2));
  return dir;
}

/** The tiny pack, edited, loaded as the engine loads it. */
export async function tinyPack(edit?: (f: PackFiles) => void): Promise<Scenario> {
  const dir = await writeTiny(edit);
  try {
    return await loadScenario(dir);
  } finally {
    await rm(path.dirname(dir), { recursive: true, force: true });
  }
}
