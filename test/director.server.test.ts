import { afterEach, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { DirectorReply, JoinReply } from '../adapters/server/protocol.ts';
import { auth, served } from './helpers/serve.ts';

/**
 * `GET /api/worlds/:w/director`: the admin reads the director's phase, its reading and its last
 * proposals with why they were made or refused, in both languages; nobody else does.
 */
let srv: AstinusServer;
afterEach(async () => {
  await srv?.close();
});

const W = '/api/worlds/shenzhen';
const get = (url: string, headers = {}) => srv.app.inject({ method: 'GET', url, headers });

it('shows the admin the phase, the measures and the last proposals in both languages, and refuses anyone else', async () => {
  srv = await served();
  const joined = JoinReply.parse(
    (await srv.app.inject({ method: 'POST', url: `${W}/players`, payload: { name: 'Ada', place: 'dongmen' } })).json(),
  );
  // the director first looks after its window (36 ticks in Shenzhen), then every 12, and proposes when the
  // tension leaves its band: step until it has (a world with a player in it may stay in the band a while)
  for (let i = 0; i < 300 && (srv.host.world.state.director?.last ?? -1) < 0; i++) await srv.host.step();
  expect((await get(`${W}/director`)).statusCode).toBe(401);
  expect((await get(`${W}/director`, auth(joined.token))).statusCode).toBe(403);
  expect((await get(`${W}/director`, auth('not-a-token'))).statusCode).toBe(401);
  expect((await get(`${W}/director?last=0`, auth('admin-secret'))).statusCode).toBe(400);
  expect((await get(`${W}/director?last=2&extra=1`, auth('admin-secret'))).statusCode).toBe(400);
  const res = await get(`${W}/director?last=5`, auth('admin-secret'));
  expect(res.statusCode).toBe(200);
  const d = DirectorReply.parse(res.json());
  expect(d.enabled).toBe(true);
  // the phase the director is in: a milestone (a brawl brewing) may have moved it on by its first proposal
  expect(d.phase).toBe(srv.host.world.state.director!.phase);
  expect(['steady', 'acceleration']).toContain(d.phase);
  expect(d.measures.map((m) => m.id)).toEqual(['conflict', 'danger', 'quests', 'stillness']);
  expect(d.proposals.length).toBeGreaterThan(0);
  const p = d.proposals[0];
  expect(p.name.en.length).toBeGreaterThan(0);
  expect(p.why.cn).not.toBe(p.why.en);
  expect(p.why.en).toMatch(/tension \d+ is (below|above) the band/);
  expect(p.why.cn).toMatch(/紧张度/);
  expect(d.accepted + d.refused).toBeGreaterThanOrEqual(d.proposals.length);
  // newest first
  for (let i = 1; i < d.proposals.length; i++) expect(d.proposals[i - 1].tick).toBeGreaterThanOrEqual(d.proposals[i].tick);
  expect((await get('/api/worlds/elsewhere/director', auth('admin-secret'))).statusCode).toBe(404);
});
