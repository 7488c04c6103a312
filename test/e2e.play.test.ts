import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActorDetail, ControlReply, StatusMsg } from '../adapters/server/protocol.ts';
import type { SessionReply } from '../adapters/server/protocol-session.ts';
import type { StoryOptionsReply } from '../adapters/server/protocol-story-options.ts';
import { buildCatalog } from '../sim/scenario/catalog.ts';
import { loadScenario } from '../sim/scenario/load.ts';
import { findChromium, type Served, stage, WAIT } from './helpers/browser.ts';
import { packIds, rawIds } from './helpers/rawids.ts';
import { ROOT } from './helpers/world.ts';

/**
 * A new player's evening with each shipped pack, in headless Chromium against `astinus serve` with
 * the players' pace on (docs/design.md, Player pace and The story): they join through the page and
 * read without acting while the world runs on for a long stretch of world time, and are found alive
 * and whole; then, the world stepped one tick per call, they play the story through the page to an ending, clicking the options it offers
 * (and the dice screen's confirm when a check comes first): no option offered is refused by the
 * Judge, and the ending screen shows the ending's authored words, with no raw id and no `{{` on the page.
 */
const CHROMIUM = findChromium();

/** how long the world waits for the player's click: long enough for a busy machine's browser, short for the reading stretch */
const WAIT_MS = 5000;
/** world ticks the player reads through without acting */
const READ_TICKS = 40;
/** turns the player may take before the story must have ended */
const MAX_TURNS = 80;

/** in a list of wishes: a step toward an option that cannot be taken here (go where the person is, wait for them) */
const STEP = '(step)';
/**
 * Each pack's story, played as one who means to stay: the first option of `prefer` on offer (never one
 * that warns of a collapse while another is there), else the first option, else the game master's first
 * action; giving up comes last, so that every run ends.
 */
const PACKS = [
  {
    id: 'shenzhen',
    seed: 4,
    place: 'luohu_station',
    prefer: ['post_moments', 'work_shift', 'rest', 'ask_foreman', STEP, 'go_to_site', 'buy_ticket_home', 'call_home'],
  },
  {
    id: 'riverford',
    // at seed 4 the dock master walks off in the very tick an offered talk with him is judged (the order is seeded)
    seed: 6,
    place: 'market_square',
    prefer: ['give_alms', 'haul_sacks', 'rest_a_while', 'ask_osric', STEP, 'walk_to_quay', 'take_boat', 'doubt_the_road'],
  },
] as const;

type Choices = Record<string, { text: { en: string } }>;

describe.skipIf(!CHROMIUM)('a player reads, then plays the story to its end, in a browser', () => {
  let server: Served | null = null;
  let browser: Browser | null = null;
  let socket: Socket | null = null;
  afterEach(async () => {
    socket?.disconnect();
    await browser?.close();
    await server?.stop();
    socket = null;
    browser = null;
    server = null;
  });

  for (const pack of PACKS) {
    it(`${pack.id}: is alive and whole after reading, and every option clicked is taken until the ending screen`, async () => {
      const dir = path.join(ROOT, 'scenarios', pack.id);
      const ids = packIds(buildCatalog(await loadScenario(dir)));
      const choices = (JSON.parse(readFileSync(path.join(dir, 'story.json'), 'utf8')) as { choices: Choices }).choices;
      const admin = `play-admin-${process.pid}`;
      let page: Page;
      ({ server, browser, page } = await stage(CHROMIUM!, {
        scenario: dir,
        tickMs: 50,
        adminToken: admin,
        args: ['--wait-ms', String(WAIT_MS), '--seed', String(pack.seed)],
        viewport: { width: 1366, height: 1000 },
        timeout: WAIT,
      }));
      const url = server.url;
      const W = `${url}/api/worlds/${pack.id}`;
      const get = async <T>(p: string, token = admin): Promise<T> => {
        const res = await fetch(`${W}${p}`, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      };

      // the world as an observer sees it: its last committed tick
      let tick = 0;
      socket = connect(url, { auth: { world: pack.id }, transports: ['websocket'], reconnection: false, forceNew: true });
      socket.on('status', (m: StatusMsg) => {
        tick = Math.max(tick, m.tick);
      });
      socket.on('tick', (m: { tick: number }) => {
        tick = Math.max(tick, m.tick);
      });
      await new Promise<void>((done, fail) => {
        socket!.once('connect', () => done());
        socket!.once('connect_error', fail);
      });

      // 1. join through the page
      await page.goto(url);
      const join = page.getByTestId('join-form');
      await join.locator('input[name=name]').fill('Ada');
      await join.locator('input[name=concept]').fill('a newcomer with a bag and no plan');
      await join.locator('select[name=place]').selectOption(pack.place);
      await page.getByTestId('join-submit').click();
      await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), `astinus.player.${pack.id}`)).not.toBeNull();
      const me = await page.evaluate(
        (k) => JSON.parse(localStorage.getItem(k)!) as { actorId: string; token: string },
        `astinus.player.${pack.id}`,
      );
      const actor = () => get<ActorDetail>(`/actors/${me.actorId}`);
      // the join is committed at the next tick, and the world then waits for the newcomer's first call
      await expect.poll(async () => (await fetch(`${W}/actors/${me.actorId}`)).status, { timeout: WAIT }).toBe(200);
      const arrived = await actor();
      const joinedAt = tick;

      // 2. reading, not acting: one turn unanswered, then away, asleep, while the world runs on
      await expect.poll(() => tick, { timeout: WAIT, interval: 50 }).toBeGreaterThanOrEqual(joinedAt + READ_TICKS);
      const read = await actor();
      expect(read.body.status).toBe('alive');
      expect(read.body.resources.energy).toBe(arrived.body.resources.energy);
      // nothing paid in their name, nothing paid out to them
      expect(read.body.resources.money).toBe(arrived.body.resources.money);
      const away = await get<{ events: { type: string; tick: number }[] }>(`/events?type=player_away&actor=${me.actorId}&limit=100`);
      expect(away.events.length, 'the player who did not answer their turn is away').toBe(1);

      // 3. the story, played through the page to an ending
      const textOf = (id: string) => choices[id].text.en;
      const options = page.getByTestId('story-option');
      const next = page.getByTestId('next-action');
      const queued = page.locator('[data-testid=player-log] [data-kind=queued]');
      const rejections = page.locator('[data-testid=player-log] [data-kind=rejection]');
      const session = () => get<SessionReply>(`/players/${me.actorId}/session`, me.token);
      const lastOf = async (type: string) =>
        (await get<{ events: { tick: number; seq: number }[] }>(`/events?type=${type}&actor=${me.actorId}&last=1`)).events[0];
      const isAway = async () => {
        const [left, back] = await Promise.all([lastOf('player_away'), lastOf('player_back')]);
        return !!left && (!back || back.tick < left.tick || (back.tick === left.tick && back.seq < left.seq));
      };
      const named = new Set(Object.values(choices).map((c) => c.text.en));
      const played: string[] = [];
      let lastQueued = -1;
      let ended = (await session()).session?.ended ?? null;
      // the story is played with the world held still and stepped by the admin, one tick per call: the options
      // are judged in the world they were offered in, however slowly a busy machine's browser clicks (the
      // world's waiting for its players is the reading stretch's test above)
      let due = false;
      const control = async (action: 'pause' | 'step') => {
        const r = await fetch(`${W}/control`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          body: JSON.stringify({ action }),
        });
        expect(r.status).toBe(200);
        // the reply's tick is the last committed one, which the socket may not have told yet
        const reply = (await r.json()) as ControlReply;
        tick = Math.max(tick, reply.tick);
        due = !!reply.waitingFor?.includes(me.actorId);
      };
      await control('pause');
      for (let turn = 0; turn < MAX_TURNS && !ended; turn++) {
        // the world's turn for the player: stepped until it waits for them, or they are away (they act, and are back at that very tick)
        for (let i = 0; i < 20 && !due && !(await isAway()); i++) await control('step');
        const at = tick;
        const waited = due;
        // what the page offers must be what the server offers now (the page reads it again each tick)
        const offered = await get<StoryOptionsReply>(`/players/${me.actorId}/story/options`, me.token);
        const want = offered.options.map((o) => o.text.en);
        await expect
          .poll(async () => (await options.allTextContents()).map((t) => t.replace(/\s*⚠$/, '')), { timeout: WAIT })
          .toEqual(want);
        // the first of the settler's wishes on offer, or a step toward one (go where the person is, wait for them),
        // never one that warns of a collapse while another is there; else the game master's next actions
        const buttons = await options.all();
        const warns = await Promise.all(buttons.map(async (b) => (await b.getAttribute('data-warning')) !== null));
        const safe = offered.options.map((o, i) => ({ ...o, i })).filter((o) => !warns[o.i]);
        const wish =
          pack.prefer
            .map((id) => safe.find((o) => (id === STEP ? o.choice === undefined && !named.has(o.text.en) : o.text.en === textOf(id))))
            .find((o) => o) ??
          safe[0] ??
          offered.options.map((o, i) => ({ ...o, i }))[0];
        let button = wish ? buttons[wish.i] : null;
        let pickedText = wish ? `${wish.text.en}  (of: ${offered.options.map((o) => o.text.en).join(' | ')})` : '';
        if (!button) {
          await next.first().waitFor({ timeout: WAIT });
          const acts = await next.all();
          const w = await Promise.all(acts.map(async (b) => (await b.getAttribute('data-warning')) !== null));
          button = acts[w.indexOf(false)] ?? acts[0];
          pickedText = `next action: ${await button.textContent()}`;
        }
        const card = (await button.getAttribute('data-check')) !== null || (await button.getAttribute('data-warning')) !== null;
        await button.click();
        if (card) {
          // the dice screen (or the warning) comes first: the player reads it and sends the call
          await page.getByTestId('intent-confirm').click();
        }
        // the call sent, shown as queued for the next tick (the log keeps the newest lines, so it is read by tick, not counted)
        const newest = async () => ((await queued.count()) ? Number(await queued.first().locator('.ev-tick').textContent()) : -1);
        await expect.poll(newest, { timeout: WAIT }).toBeGreaterThan(lastQueued);
        const queuedFor = await newest();
        lastQueued = queuedFor;
        // a world that waited for the player still waits when the page has shown the turn and the click is sent:
        // the page must not need the world to give up on the player before it shows what the turn offers
        if (waited) expect(queuedFor, `the call is for the tick after ${at}, the one the world waited for`).toBe(at + 1);
        else expect(queuedFor).toBeGreaterThan(at);
        played.push(`${queuedFor}: ${pickedText.trim()}`);
        // judged: the tick is committed; the Judge took it (no refusal for the player)
        while (tick < queuedFor) await control('step');
        const failed = await get<{ events: { type: string; reason?: unknown }[] }>(
          `/events?type=call_failed&actor=${me.actorId}&from=${queuedFor}&to=${queuedFor}&limit=100`,
        );
        expect(failed.events, `refused at tick ${queuedFor}: "${pickedText}"\nplayed:\n${played.join('\n')}`).toEqual([]);
        expect(await rejections.count(), `a refusal in the player's log after "${pickedText}"`).toBe(0);
        ended = (await session()).session?.ended ?? null;
      }
      expect(ended, `no ending after ${MAX_TURNS} turns; played:\n${played.join('\n')}`).not.toBeNull();

      // 4. the ending screen: the ending's authored name and summary, and no raw id or blank anywhere
      const screen = page.getByTestId('story-ending');
      await screen.waitFor({ timeout: WAIT });
      await expect.poll(() => page.getByTestId('ending-name').textContent()).toBe(ended!.name!.en);
      expect(await screen.locator('.ending-summary').textContent()).toBe(ended!.summary.en);
      const text = await page.locator('body').innerText();
      expect(text).not.toContain('{{');
      const raw = text.split('\n').flatMap((line) => rawIds(line, 'en', ids).map((id) => `${id}  ←  ${line.trim()}`));
      expect(raw).toEqual([]);
      expect(await rejections.count()).toBe(0);
      const said = (await session()).messages.items.filter((m) => m.kind === 'rejection');
      expect(said, 'no refusal was ever told the player').toEqual([]);
    });
  }
});
