import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOf, fieldsOf, type Fields } from '../dashboard/src/calls.ts';
import { TOOL_NAMES, ToolCall } from '../sim/model/tools.ts';
import { ARTIFACTS, findChromium, serve, type Served, stage, WAIT } from './helpers/browser.ts';

/**
 * The dashboard end to end, in headless Chromium against `astinus serve`: a tick arrives, a bot
 * opens in the inspector, the language switches, a player joins, acts in their own words and
 * reads the narration. Screenshots (laptop and phone width) land in test/artifacts/.
 */
const CHROMIUM = findChromium();
const CI = process.env.CI === 'true';
const HAN = /[\u4e00-\u9fff]/;
const ROOT = path.resolve(import.meta.dirname, '..');

function keys(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('dashboard bundle', () => {
  it('has the same UI keys in cn and en, all under `dashboard`', () => {
    const read = (l: string) =>
      JSON.parse(readFileSync(path.join(ROOT, 'locales', l, 'dashboard.json'), 'utf8')) as Record<string, unknown>;
    const cn = read('cn');
    const en = read('en');
    expect(Object.keys(cn)).toEqual(['dashboard']);
    expect(keys(cn).sort()).toEqual(keys(en).sort());
  });

  it("offers the tools the core accepts (the world's words come from its catalog)", () => {
    const src = readFileSync(path.join(ROOT, 'dashboard', 'src', 'types.ts'), 'utf8');
    const list = (name: string) => JSON.parse(new RegExp(`${name}[^=]*= (\\[[^\\]]*\\])`).exec(src)![1].replace(/'/g, '"')) as string[];
    expect(list('TOOLS')).toEqual([...TOOL_NAMES]);
  });
});

describe("the player's tool form", () => {
  const filled: Record<(typeof TOOL_NAMES)[number], Fields> = {
    use_resource: { resource: 'item', item: 'milk tea', amount: '2', purpose: 'buy', target: 'lin_feng' },
    interact: { target: 'lin_feng', manner: 'negotiate', content: ' a fair price? ' },
    move: { destination: 'huaqiangbei', mode: 'taxi' },
    create: { what: 'noodle_stall', where: 'dongmen', using_money: '200', using_energy: '', about: '' },
    express: { channel: 'shout', content: '卖唱啦' },
  };

  it('builds calls the core accepts, for each of the five tools', () => {
    for (const tool of TOOL_NAMES) {
      const call = callOf(tool, filled[tool]);
      expect(call, tool).not.toBeNull();
      const parsed = ToolCall.safeParse({ id: 'c1', actor: 'me', ...call });
      expect(parsed.success, `${tool}: ${parsed.error?.message}`).toBe(true);
    }
    expect(callOf('use_resource', filled.use_resource)!.args).toEqual({
      resource: 'item:milk_tea',
      amount: 2,
      purpose: 'buy',
      target: 'lin_feng',
    });
    expect(callOf('interact', filled.interact)!.args.content).toEqual({ text: 'a fair price?' });
    expect(callOf('create', filled.create)!.args).toEqual({ what: 'noodle_stall', where: 'dongmen', using: { money: 200 } });
  });

  it('refuses a form with something missing, and fills in the defaults of the selects', () => {
    expect(callOf('use_resource', { amount: '0', purpose: 'x' })).toBeNull();
    expect(callOf('use_resource', { amount: '3' })).toBeNull();
    expect(callOf('interact', { target: 'a' })).toBeNull();
    expect(callOf('move', {})).toBeNull();
    expect(callOf('create', { what: 'mural' })).toBeNull();
    expect(callOf('express', { content: '   ' })).toBeNull();
    const first = { manner: 'friendly', mode: 'walk', channel: 'self_talk' };
    expect(callOf('move', { destination: 'dongmen' }, first)!.args).toEqual({ destination: 'dongmen', mode: 'walk' });
    expect(callOf('express', { content: 'hi' }, first)!.args).toEqual({ channel: 'self_talk', content: { text: 'hi' } });
    expect(callOf('express', { content: 'hi' })).toBeNull();
  });

  it('turns an understood call back into the form it came from', () => {
    const render = (m: unknown) => (m as { text: string }).text;
    for (const tool of TOOL_NAMES) {
      const call = callOf(tool, filled[tool])!;
      expect(callOf(tool, fieldsOf(call, render)), tool).toEqual(call);
    }
  });
});

if (!CHROMIUM) {
  const why =
    'Chromium was not found (looked at $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser): install it with `apt-get install -y chromium`.';
  if (CI) {
    describe('dashboard in a browser', () => {
      it('needs Chromium', () => {
        throw new Error(why);
      });
    });
  } else {
    console.warn(`e2e: ${why} The browser tests are SKIPPED.`);
    describe.skip('dashboard in a browser (Chromium missing)', () => {
      it('skipped', () => {});
    });
  }
} else {
  describe('dashboard in a browser', () => {
    let server: Served;
    let browser: Browser;
    let page: Page;
    const admin = `e2e-admin-${process.pid}`;
    const tickOf = async () => Number(await page.getByTestId('tick').textContent());

    beforeAll(async () => {
      ({ server, browser, page } = await stage(CHROMIUM, { tickMs: 400, adminToken: admin }));
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('opens the dashboard and sees a tick arrive', async () => {
      await page.goto(server.url);
      await page.getByTestId('world-map').waitFor();
      await expect.poll(() => page.getByTestId('run-state').getAttribute('class'), { timeout: WAIT }).toContain('state-running');
      const first = await tickOf();
      await expect.poll(tickOf, { timeout: WAIT }).toBeGreaterThan(first);
      expect(await page.locator('[data-testid=world-map] [data-place]').count()).toBeGreaterThan(3);
      expect(await page.locator('[data-testid=world-map] [data-actor]').count()).toBeGreaterThan(3);
    });

    it('opens a bot in the inspector', async () => {
      await page.locator('[data-testid=dir-list-people] [data-actor]').first().click();
      const inspector = page.getByTestId('inspector-actor');
      await inspector.getByTestId('inspector-title').waitFor();
      expect((await inspector.getByTestId('inspector-title').textContent())!.trim()).not.toBe('');
      expect(await inspector.getByTestId('actor-money').textContent()).toMatch(/^\d[\d,]*( yuan|元)$/);
      // and from the map: a dot is a person too
      await page.locator('[data-testid=world-map] [data-actor]').nth(1).click({ force: true });
      await page.getByTestId('inspector-actor').getByTestId('inspector-title').waitFor();
      // a thing made in the city opens too
      await expect.poll(() => page.locator('[data-testid=world-map] [data-entity]').count(), { timeout: WAIT }).toBeGreaterThan(0);
      await page.locator('[data-testid=world-map] [data-entity]').first().click({ force: true });
      await page.getByTestId('inspector-entity').getByTestId('inspector-title').waitFor();
      await page.locator('[data-testid=dir-list-people] [data-actor]').first().click();
      // its last decision and the Judge's verdict show once it has acted
      await expect.poll(() => inspector.getByTestId('last-decision').count(), { timeout: WAIT }).toBe(1);
    });

    it('narrows the feed to the selected person, from the log', async () => {
      const name = (await page.getByTestId('inspector-title').textContent())!.trim();
      await page.getByTestId('feed-only-selected').check();
      await expect.poll(() => page.locator('[data-testid=feed] li').count(), { timeout: WAIT }).toBeGreaterThan(0);
      const lines = await page.locator('[data-testid=feed] li').allTextContents();
      expect(lines.filter((l) => l.includes(name)).length).toBeGreaterThan(0);
      await page.getByTestId('feed-only-selected').uncheck();
      // earlier lines on demand, down to tick 0
      const older = page.getByTestId('feed-older');
      if (await older.count()) {
        await older.click();
        await expect.poll(() => older.count()).toBe(0);
      }
    });

    it('shows the latest ticks in the feed after a reload, whatever the event rate', async () => {
      await page.reload();
      await page.getByTestId('world-map').waitFor();
      await expect.poll(() => page.locator('[data-testid=feed] li').count(), { timeout: WAIT }).toBeGreaterThan(0);
      const newest = Number(await page.locator('[data-testid=feed] li').first().getAttribute('data-tick'));
      // the page asked for the log's tail; a tick or two may have passed since
      expect(newest).toBeGreaterThanOrEqual((await tickOf()) - 3);
      await page.locator('[data-testid=dir-list-people] [data-actor]').first().click();
      await page.getByTestId('inspector-actor').getByTestId('inspector-title').waitFor();
    });

    it('switches to Chinese, names and feed included', async () => {
      await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-laptop-en.png'), fullPage: true });
      const title = await page.getByTestId('inspector-title').textContent();
      await page.getByTestId('lang-cn').click();
      await expect.poll(() => page.locator('h1').textContent()).toMatch(HAN);
      await expect.poll(() => page.getByTestId('inspector-title').textContent()).toMatch(HAN);
      expect(await page.getByTestId('inspector-title').textContent()).not.toBe(title);
      expect(await page.getByTestId('panel-player').locator('h2').textContent()).toMatch(HAN);
      await expect.poll(() => page.locator('[data-testid=feed] li').count(), { timeout: WAIT }).toBeGreaterThan(0);
      expect(await page.locator('[data-testid=feed] li').first().textContent()).toMatch(HAN);
    });

    it('pauses and resumes with the admin token', async () => {
      await page.getByTestId('admin-token').fill(server.adminToken);
      await page.getByTestId('ctl-pause').click();
      await expect.poll(() => page.getByTestId('run-state').getAttribute('class')).toContain('state-paused');
      // paused means paused; a step is exactly one tick
      const paused = await tickOf();
      await page.waitForTimeout(1200);
      expect(await tickOf()).toBe(paused);
      await page.getByTestId('ctl-step').click();
      await expect.poll(tickOf).toBe(paused + 1);
      await page.getByTestId('ctl-resume').click();
      await expect.poll(() => page.getByTestId('run-state').getAttribute('class')).toContain('state-running');
      await page.getByTestId('ctl-tick-ms').fill('300');
      await page.getByTestId('ctl-speed').click();
      await expect.poll(() => page.getByTestId('tick-ms').textContent()).toContain('300');
      // a wrong token is refused, in words
      await page.getByTestId('admin-token').fill('not-the-token');
      await page.getByTestId('ctl-pause').click();
      await page.getByTestId('controls').locator('.problem').waitFor();
      expect(await page.getByTestId('run-state').getAttribute('class')).toContain('state-running');
      await page.getByTestId('admin-token').fill(server.adminToken);
    });

    it('joins as a player, acts in their own words and reads the narration', async () => {
      const join = page.getByTestId('join-form');
      await join.locator('input[name=name]').fill('阿测');
      await join.locator('input[name=concept]').fill('刚到深圳的街头歌手');
      await join.locator('select[name=place]').selectOption('futian_cbd');
      await page.getByTestId('join-submit').click();
      await expect.poll(() => page.getByTestId('player-status').textContent(), { timeout: WAIT }).toContain('阿测');

      // words the parser does not understand are said so, with things to try here, never muttered
      await page.getByTestId('intent-text').fill('今天的深圳真热闹，我一定能在这里闯出一片天');
      await page.getByTestId('intent-submit').click();
      const understood = page.getByTestId('understood');
      await understood.getByTestId('not-understood').waitFor({ timeout: WAIT });
      expect(await understood.getByTestId('intent-suggestion').count()).toBeGreaterThanOrEqual(2);
      expect(await understood.getByTestId('intent-confirm').count()).toBe(0);
      // a suggestion clicked is asked as the player's words: a call to confirm
      await understood.getByTestId('intent-suggestion').first().click();
      await understood.getByTestId('call-view').waitFor({ timeout: WAIT });
      expect(await understood.getByTestId('intent-confirm').count()).toBe(1);
      // said to oneself on purpose
      await page.getByTestId('intent-text').fill('自言自语：今天的深圳真热闹，我一定能在这里闯出一片天');
      await page.getByTestId('intent-submit').click();
      await expect.poll(() => understood.textContent(), { timeout: WAIT }).toContain('心里对自己说');
      expect(await understood.textContent()).toMatch(HAN);
      expect(await understood.getByTestId('call-view').textContent()).toContain('表达');
      await page.getByTestId('intent-confirm').click();
      const log = page.getByTestId('player-log');
      await log.locator('[data-kind=queued]').first().waitFor();
      await log.locator('[data-kind=narration]').first().waitFor({ timeout: WAIT });
      expect(await log.locator('[data-kind=narration]').first().textContent()).toMatch(HAN);

      // understood, then edited in the form before it goes
      await page.getByTestId('intent-text').fill('坐公交去华强北');
      await page.getByTestId('intent-submit').click();
      await expect.poll(() => understood.getByTestId('call-view').textContent()).toContain('华强北');
      await page.getByTestId('panel-player').screenshot({ path: path.join(ARTIFACTS, 'player-understood.png') });
      await page.getByTestId('intent-edit').click();
      const form = page.getByTestId('tool-form');
      await page.getByTestId('panel-player').screenshot({ path: path.join(ARTIFACTS, 'player-form.png') });
      expect(await form.getByTestId('tool-move').getAttribute('aria-checked')).toBe('true');
      expect(await form.locator('select[name=destination]').inputValue()).toBe('huaqiangbei');
      expect(await form.locator('select[name=mode]').inputValue()).toBe('bus');
      await form.locator('select[name=mode]').selectOption('walk');
      await page.getByTestId('form-submit').click();
      await expect.poll(() => log.locator('[data-kind=queued]').count()).toBe(2);
      expect(await log.locator('[data-kind=queued]').first().textContent()).toContain('步行');
      // the walk ends in Huaqiangbei (one call per tick: wait for it before the next)
      await expect.poll(() => page.getByTestId('player-status').textContent(), { timeout: WAIT }).toContain('华强北');
      const told = await log.locator('[data-kind=narration]').count();

      // a tool picked by hand
      await page.getByTestId('open-form').click();
      await page.getByTestId('tool-express').click();
      await page.getByTestId('tool-form').locator('input[name=content]').fill('有人想听歌吗？');
      await page.getByTestId('form-submit').click();
      await expect.poll(() => log.locator('[data-kind=queued]').count()).toBe(3);
      await expect.poll(() => log.locator('[data-kind=narration]').count(), { timeout: WAIT }).toBeGreaterThan(told);

      // more money than the player has: the Judge says no, and why
      await page.getByTestId('open-form').click();
      await page.getByTestId('tool-use_resource').click();
      const spend = page.getByTestId('tool-form');
      await spend.locator('select[name=resource]').selectOption('money');
      await spend.locator('input[name=amount]').fill('99999999');
      await spend.locator('select[name=purpose]').selectOption('spend');
      await page.getByTestId('form-submit').click();
      await expect.poll(() => log.locator('[data-kind=queued]').first().textContent()).toContain('花钱');
      const refused = page.getByTestId('panel-player').locator('[data-kind=rejection], .problem');
      await refused.first().waitFor({ timeout: WAIT });
      expect(await refused.first().textContent()).toMatch(HAN);

      // making something: the kinds of things on offer, with what they cost
      await page.getByTestId('open-form').click();
      await page.getByTestId('tool-create').click();
      const make = page.getByTestId('tool-form');
      expect(await make.locator('select[name=what] option').count()).toBeGreaterThan(1);
      await make.locator('select[name=what]').selectOption({ index: 1 });
      expect(Number(await make.locator('input[name=using_money]').inputValue())).toBeGreaterThanOrEqual(0);
      await page.getByTestId('panel-player').screenshot({ path: path.join(ARTIFACTS, 'player-create.png') });
      await page.getByTestId('form-cancel').click();

      // the player stays on the map and in the lists while the ticks go by
      const ticked = await tickOf();
      await expect.poll(tickOf).toBeGreaterThan(ticked + 1);
      expect(await page.getByTestId('player-status').textContent()).toContain('阿测');
      // in busy Huaqiangbei, they notice what goes on around them
      await page.getByTestId('perceived').locator('li').first().waitFor({ timeout: WAIT });
      await expect.poll(() => page.locator('[data-testid=world-map] .person.player').count()).toBe(1);

      await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-laptop.png'), fullPage: true });
    });

    it('shows who knows a rumour, and from whom', async () => {
      await page.getByTestId('dir-facts').click();
      const rumours = page.locator('[data-testid=dir-list-facts] button');
      await expect.poll(() => rumours.count(), { timeout: WAIT }).toBeGreaterThan(0);
      await rumours.first().click();
      const inspector = page.getByTestId('inspector-fact');
      await inspector.getByTestId('inspector-title').waitFor();
      await expect.poll(() => inspector.locator('[data-testid=known-by] li').count()).toBeGreaterThan(0);
      expect(await inspector.locator('[data-testid=known-by] li').first().textContent()).toMatch(HAN);
    });

    it("switches back to English, the player's story included", async () => {
      const narration = page.getByTestId('player-log').locator('[data-kind=narration]').first();
      await page.getByTestId('lang-en').click();
      await expect.poll(() => page.locator('h1').textContent()).not.toMatch(HAN);
      expect(await page.getByTestId('panel-player').locator('h2').textContent()).not.toMatch(HAN);
      // the player's name and own words stay as typed; the narration around them is English now
      const text = (await narration.textContent())!;
      expect(text).toMatch(/[a-z]{3}/i);
      expect(text.replace(/阿测/g, '').replace(/“[^”]*”|"[^"]*"|'[^']*'/g, '')).not.toMatch(HAN);
      await page.getByTestId('lang-cn').click();
    });

    it('reads on a phone-width screen', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('world-map').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-phone.png'), fullPage: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-phone-top.png') });
    });

    it('shows a private world only once a token is given', async () => {
      const hidden = await serve({ tickMs: 400, adminToken: `${admin}-private`, args: ['--private'] });
      try {
        const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        await p.goto(hidden.url);
        await p.locator('.banner [role=alert]').waitFor();
        expect(await p.locator('[data-testid=world-map] [data-place]').count()).toBe(0);
        await p.getByTestId('admin-token').fill(hidden.adminToken);
        await expect.poll(() => p.locator('[data-testid=world-map] [data-place]').count(), { timeout: WAIT }).toBeGreaterThan(3);
        const first = Number(await p.getByTestId('tick').textContent());
        await expect.poll(async () => Number(await p.getByTestId('tick').textContent()), { timeout: WAIT }).toBeGreaterThan(first);
        await p.close();
      } finally {
        await hidden.stop();
      }
    });
  });
}
