import { afterEach, describe, expect, it } from 'vitest';
import { TickJudge } from '../sim/judge/judge.ts';
import { visible } from '../sim/model/text.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import type { AstinusServer } from '../adapters/server/app.ts';
import { ErrorReply, JoinReply } from '../adapters/server/protocol.ts';
import { ROOT } from './helpers/world.ts';
import { auth, served } from './helpers/serve.ts';

// A name shows what it is: nothing hidden in it (bidi controls, zero-width characters) lets it pass for another.

let srv: AstinusServer;
afterEach(async () => {
  await srv?.close();
});

const W = '/api/worlds/riverford';
const post = (url: string, payload: unknown, headers = {}) => srv.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function open(): Promise<AstinusServer> {
  return served({ rate: { burst: 1000, perSecond: 1000 } }, { scenario: await loadScenario(`${ROOT}scenarios/riverford`) });
}

const HIDDEN = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u3164',
];

describe('visible', () => {
  it('drops every bidi and zero-width character, and spaces collapse', () => {
    expect(visible('\u202Enimda\u202C')).toBe('nimda');
    expect(visible('Ann\u200b')).toBe('Ann');
    for (const h of HIDDEN) expect(visible(`A${h}n${h}n`)).toBe('Ann');
    expect(visible(' Ann\u00a0\u3000 Lee ')).toBe('Ann Lee');
    expect(visible('李\u200d小龙')).toBe('李小龙');
    // composed: the same letters are the same name
    expect(visible('Ame\u0301lie')).toBe('Am\u00e9lie');
  });
});

describe('a join', () => {
  it('keeps a name, concept and traits as they read; a name of hidden characters only is a 400', async () => {
    srv = await open();
    const nimble = {
      name: 'Nim\u200bble\u202e',
      positive: '\u2066quick\u2069',
      negative: 'rest\ufeffless',
      helps: [],
      hinders: ['haggle'],
    };
    const r = await post(`${W}/players`, {
      name: '\u202Enimda\u202C',
      concept: 'a \u200bquiet\u200f one',
      place: 'market_square',
      traits: [nimble],
    });
    expect(r.statusCode).toBe(201);
    const p = JoinReply.parse(r.json());
    const ann = JoinReply.parse((await post(`${W}/players`, { name: 'Ann\u200b', place: 'market_square' })).json());
    await srv.host.step();
    const a = srv.host.world.state.actors[p.actorId];
    expect(a.player?.name).toEqual({ cn: 'nimda', en: 'nimda' });
    expect(JSON.stringify(a.player)).not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/);
    expect(srv.host.world.state.actors[ann.actorId].player?.name.en).toBe('Ann');

    for (const name of ['\u200b', '\u202e\u202c', ' \ufeff ']) {
      const bad = await post(`${W}/players`, { name, place: 'market_square' });
      expect(bad.statusCode).toBe(400);
      expect(ErrorReply.parse(bad.json()).code).toBe('bad_request');
    }
    // a trait declared in play goes through the same door
    const declared = await post(`${W}/players/${ann.actorId}/traits`, { trait: { ...nimble, name: 'Qu\u200bick' } }, auth(ann.token));
    expect(declared.statusCode).toBe(200);
    await srv.host.step();
    expect(JSON.stringify(srv.host.world.state.actors[ann.actorId])).not.toMatch(/[\u200b\u202e\u2066\u2069\ufeff]/);
  });

  it('is refused by the Judge when a name still hides something (a request that did not come through the door)', async () => {
    srv = await open();
    const { cat, state } = srv.host.world;
    const judge = new TickJudge(cat, state, state.tick);
    const reason = judge.join({ actor: 'player-x', name: { cn: 'Ann\u200b', en: 'Ann\u200b' }, concept: '', place: 'market_square' });
    expect(reason?.code).toBe('join_name');
  });
});
