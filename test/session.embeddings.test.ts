/**
 * Memory records carry an embedding when the configured endpoint answers the OpenAI embeddings API,
 * and none (the run goes on, embeddings turned off) when it does not. Both against real loopback servers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiEmbedder } from '../adapters/llm/embeddings.ts';
import { JoinReply, SessionReply } from '../adapters/server/protocol.ts';
import type { AstinusServer } from '../adapters/server/app.ts';
import { auth, served } from './helpers/serve.ts';
import { startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';

let embeddings: Server;
let embedUrl: string;
const asked: { model: string; input: string[] }[] = [];
let chatOnly: OpenAiServer;

beforeAll(async () => {
  // speaks POST /v1/embeddings: a vector per text, from its length
  embeddings = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/embeddings')) {
        res.writeHead(404).end('{}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string[] };
      asked.push(body);
      const data = body.input.map((t, index) => ({ object: 'embedding', index, embedding: [t.length, 0.5, -1] }));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((done) => embeddings.listen(0, '127.0.0.1', done));
  embedUrl = `http://127.0.0.1:${(embeddings.address() as AddressInfo).port}/v1`;
  // answers chat completions only: no embeddings there
  chatOnly = await startOpenAiServer();
});
afterAll(async () => {
  await new Promise<void>((done) => embeddings.close(() => done()));
  await chatOnly.close();
});

/** A player who gives away all her strength collapses: a memory record. */
async function collapse(srv: AstinusServer): Promise<{ ada: JoinReply; session: SessionReply }> {
  const ada = JoinReply.parse(
    (await srv.app.inject({ method: 'POST', url: '/api/worlds/shenzhen/players', payload: { name: 'Ada', place: 'dongmen' } })).json(),
  );
  await srv.host.step();
  const energy = srv.host.world.state.actors[ada.actorId].energy;
  const act = await srv.app.inject({
    method: 'POST',
    url: `/api/worlds/shenzhen/players/${ada.actorId}/act`,
    headers: auth(ada.token),
    payload: { call: { tool: 'use_resource', args: { resource: 'energy', amount: energy, purpose: 'gift', target: 'he_wenbo' } } },
  });
  expect(act.statusCode).toBe(200);
  for (let i = 0; i < 40 && srv.host.world.state.actors[ada.actorId].status === 'alive'; i++) await srv.host.step();
  expect(srv.host.world.state.actors[ada.actorId].status).not.toBe('alive');
  const session = SessionReply.parse(
    (await srv.app.inject({ url: `/api/worlds/shenzhen/players/${ada.actorId}/session`, headers: auth(ada.token) })).json(),
  );
  return { ada, session };
}

describe('embeddings of memory records', () => {
  it('are asked of the endpoint and kept with the record when it offers them', async () => {
    const embedder = openAiEmbedder({ apiKey: 'k', baseURL: embedUrl, timeoutMs: 5000 }, { model: 'embed-small' });
    const srv = await served({ embedder });
    try {
      const { ada, session } = await collapse(srv);
      expect(session.memory.length).toBeGreaterThan(0);
      expect(session.memory.every((m) => m.embedded)).toBe(true);
      const stored = await srv.host.world.store.readRecords('memory', ada.actorId, { limit: 10 });
      expect(stored[0].embedding).toEqual([stored[0].summary.en.length, 0.5, -1]);
      expect(asked[0]).toMatchObject({ model: 'embed-small', input: [stored[0].summary.en] });
      // the vector stays in the store: the page only learns that there is one
      expect(JSON.stringify(session)).not.toContain('"embedding"');
    } finally {
      await srv.close();
    }
  });

  it('are left out, and asked for no more, when the endpoint has no embeddings API', async () => {
    const embedder = openAiEmbedder({ apiKey: 'k', baseURL: chatOnly.url, timeoutMs: 5000 });
    expect(await embedder.embed(['one'])).toBeNull();
    expect(embedder.off).toBe(true);
    const srv = await served({ embedder });
    try {
      const { session } = await collapse(srv);
      expect(session.memory.length).toBeGreaterThan(0);
      expect(session.memory.some((m) => m.embedded)).toBe(false);
    } finally {
      await srv.close();
    }
  });
});
