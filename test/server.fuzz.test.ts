import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AstinusServer } from '../adapters/server/app.ts';
import { ErrorReply, JoinReply } from '../adapters/server/protocol.ts';
import { auth, served } from './helpers/serve.ts';

const W = '/api/worlds/shenzhen';
let srv: AstinusServer;
let player: { actorId: string; token: string };

beforeAll(async () => {
  srv = await served({ rate: { burst: 1e9, perSecond: 1e9 } });
  player = JoinReply.parse(
    (await srv.app.inject({ method: 'POST', url: `${W}/players`, payload: { name: 'Fuzz', place: 'dongmen' } })).json(),
  );
  await srv.host.step();
});
afterAll(async () => {
  await srv?.close();
});

/** Whatever comes in, the answer is a 2xx or a 4xx with a reason: never a 5xx, never a crash. */
function answered(r: { statusCode: number; json: () => unknown }) {
  expect(r.statusCode).toBeLessThan(500);
  if (r.statusCode >= 400) expect(ErrorReply.safeParse(r.json()).success).toBe(true);
}

const json = fc.jsonValue({ maxDepth: 4 });
const toolish = fc.record(
  { tool: fc.oneof(fc.constantFrom('use_resource', 'interact', 'move', 'create', 'express'), fc.string()), args: json },
  { requiredKeys: [] },
);

describe('random input never breaks the server', () => {
  it('POST bodies to every endpoint', async () => {
    const urls = [`${W}/players`, `${W}/players/${player.actorId}/intent`, `${W}/players/${player.actorId}/act`, `${W}/control`];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...urls),
        fc.oneof(json, fc.record({ call: toolish }), fc.record({ action: fc.string(), tickMs: json })),
        fc.constantFrom(player.token, 'admin-secret', 'x'),
        async (url, body, token) => {
          // `step` would run ticks; everything else may go through
          if (url.endsWith('/control') && (body as { action?: unknown })?.action === 'step') return;
          answered(
            await srv.app.inject({
              method: 'POST',
              url,
              payload: JSON.stringify(body),
              headers: { ...auth(token), 'content-type': 'application/json' },
            }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('query strings and path parts', async () => {
    const part = fc.string({ maxLength: 12 }).map(encodeURIComponent);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('events', 'metrics', 'actors', 'facts', 'entities', 'places', 'catalog'),
        part,
        part,
        part,
        async (what, k, v, id) => {
          answered(await srv.app.inject({ url: `${W}/${what}?${k}=${v}` }));
          answered(await srv.app.inject({ url: `${W}/${what}/${id}` }));
          answered(await srv.app.inject({ url: `/api/worlds/${id}/${what}` }));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('and the world still ticks afterwards, with the queued calls judged', async () => {
    const before = srv.host.world.state.tick;
    await srv.host.step();
    expect(srv.host.world.state.tick).toBe(before + 1);
    expect((await srv.app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
  });
});
