import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActReply, IntentReply, JoinReply } from '../adapters/server/protocol.ts';
import { SHENZHEN, spawnAstinus } from './helpers/cli.ts';
import { answers, startOpenAiServer, type OpenAiServer } from './helpers/openai-server.ts';

let srv: OpenAiServer;
beforeAll(async () => {
  // intent requests offer tools; narration asks for JSON prose
  srv = await startOpenAiServer((body) =>
    body.tools
      ? answers.tool('express', { channel: 'shout', content: 'Hot noodles!' })
      : answers.json({ cn: '你大喊了一声。', en: 'You shout.' }),
  );
});
afterAll(async () => {
  await srv.close();
});

function urlOf(child: ReturnType<typeof spawnAstinus>): Promise<string> {
  let buf = '';
  return new Promise((done, fail) => {
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      buf += c;
      const m = /(http:\/\/\S+)/.exec(buf);
      if (m) done(m[1]);
    });
    child.once('exit', (code) => fail(new Error(`exited ${code}: ${buf}`)));
  });
}

describe('astinus serve with a language model configured', () => {
  it("reads the player's words and narrates their call through the model; bots keep the policy brain", async () => {
    const child = spawnAstinus(['serve', SHENZHEN, '--port', '0', '--tick-ms', '50', '--wait-ms', '0'], {
      env: { OPENAI_BASE_URL: srv.url, OPENAI_API_KEY: 'test', ASTINUS_MODEL: 'test-model' },
    });
    try {
      const url = await urlOf(child);
      const post = (p: string, body: unknown, token?: string) =>
        fetch(`${url}/api/worlds/shenzhen${p}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      const me = JoinReply.parse(await (await post('/players', { name: 'Ada', place: 'dongmen' })).json());
      await expect.poll(async () => (await fetch(`${url}/api/worlds/shenzhen/actors/${me.actorId}`)).status).toBe(200);

      // words the offline parser would read as talking to oneself: the model's call wins
      const intent = IntentReply.parse(await (await post(`/players/${me.actorId}/intent`, { text: 'zzz', lang: 'en' }, me.token)).json());
      expect(intent.call).toMatchObject({
        actor: me.actorId,
        tool: 'express',
        args: { channel: 'shout', content: { text: 'Hot noodles!' } },
      });
      expect(srv.requests.some((r) => r.body.tools && JSON.stringify(r.body.messages).includes('zzz'))).toBe(true);
      // only the player's side talks to the model
      expect(srv.requests.every((r) => r.body.tools || r.body.response_format)).toBe(true);

      ActReply.parse(await (await post(`/players/${me.actorId}/act`, { call: intent.call }, me.token)).json());
      await expect
        .poll(() => srv.requests.filter((r) => r.body.response_format?.json_schema?.name === 'narration').length)
        .toBeGreaterThan(0);
      const asked = srv.requests.find((r) => r.body.response_format?.json_schema?.name === 'narration')!;
      expect(String(asked.body.messages[1].content)).toContain('Hot noodles!');
    } finally {
      const exit = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exit;
    }
  });
});
