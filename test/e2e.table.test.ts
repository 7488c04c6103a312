import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../sim/model/events.ts';
import { DEFAULT_BANDS, formulaFor, odds } from '../sim/model/dice.ts';
import { ARTIFACTS, findChromium, type Served, stage, WAIT } from './helpers/browser.ts';
import { ROOT } from './helpers/world.ts';

/**
 * The table in a browser against `astinus serve scenarios/riverford` (docs/design.md, Traits and tags): a player joins with a
 * concept and three traits (two of the pack's, one of their own), tries to cut a purse, sees the dice
 * screen with its odds, argues their own trait, sees the check revised, sends it, and finds the roll
 * in their log with the dropped die shown. The clock is the test's: a tick only when it steps.
 */
const CHROMIUM = findChromium();
describe.skipIf(!CHROMIUM)('the dice screen in a browser', () => {
  const admin = `table-admin-${process.pid}`;
  let server: Served;
  let browser: Browser;
  let page: Page;

  const api = async <T>(url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}/api/worlds/riverford${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${admin}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const step = () => api('/control', { action: 'step' });

  beforeAll(async () => {
    ({ server, browser, page } = await stage(CHROMIUM!, {
      scenario: path.join(ROOT, 'scenarios', 'riverford'),
      tickMs: 600_000,
      adminToken: admin,
      viewport: { width: 1366, height: 1000 },
      timeout: WAIT,
    }));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('joins with three traits, argues one at the dice screen, and reads the roll', async () => {
    await api('/control', { action: 'pause' });
    await page.goto(server.url);
    const join = page.getByTestId('join-form');
    await join.locator('input[name=name]').fill('Wren');
    await join.locator('input[name=concept]').fill('a river orphan who lives by her wits');
    await page.getByTestId('preset-proud').check();
    await page.getByTestId('preset-sweet_voice').check();
    await page.locator('.own-trait summary').click();
    await page.getByTestId('own-name').fill('Nimble');
    await page.getByTestId('own-positive').fill('quick of hand and foot');
    await page.getByTestId('own-negative').fill('cannot sit still');
    await page.getByTestId('own-hinders').selectOption('perform');
    // three are taken: the other presets cannot be picked any more
    expect(await page.getByTestId('preset-clumsy').isDisabled()).toBe(true);
    await join.locator('select[name=place]').selectOption('market_square');
    await page.getByTestId('join-submit').click();
    await page.getByTestId('player-status').waitFor();
    await step();

    const sheet = page.getByTestId('character-sheet');
    await expect.poll(() => sheet.getByTestId('sheet-traits').locator('li').count()).toBe(3);
    expect(await sheet.getByTestId('sheet-concept').textContent()).toContain('river orphan');
    expect(await sheet.textContent()).toContain('Nimble');
    expect(await sheet.textContent()).toContain('cannot sit still');

    const me = (await api<{ id: string; isPlayer: boolean; place: string }[]>('/actors')).find((a) => a.isPlayer)!;
    const mark = (await api<{ id: string; name: { en: string }; place: string; status: string; isPlayer: boolean }[]>('/actors')).find(
      (a) => a.place === me.place && !a.isPlayer && a.status === 'alive',
    )!;
    await page.getByTestId('intent-text').fill(`pickpocket ${mark.name.en}`);
    await page.getByTestId('intent-submit').click();
    const screen = page.getByTestId('dice-screen');
    await screen.waitFor();
    expect(await screen.getByTestId('dice-formula').textContent()).toBe('2d6');
    const shown = () => screen.getByTestId('dice-odds').locator('tr').allTextContents();
    // 2d6: 6 of 36 for 10+, 15 for 7-9, 15 for 6 or less
    expect((await shown()).join(' | ')).toMatch(/full success.*16\.7%.*6 of 36 \| .*cost.*41\.7%.*15 of 36 \| .*failure.*41\.7%.*15 of 36/);

    // an argument that does not speak of cutting purses is refused, and says why
    const argue = page.getByTestId('argue');
    await argue.getByTestId('argue-trait').selectOption({ label: 'Nimble (+ quick of hand and foot)' });
    await argue.getByTestId('argue-words').fill('I am very polite');
    await argue.getByTestId('argue-submit').click();
    await expect.poll(() => argue.getByTestId('argue-verdict').getAttribute('data-ok')).toBe('false');
    expect(await argue.getByTestId('argue-verdict').textContent()).toContain('Cut a purse');
    expect(await screen.getByTestId('dice-formula').textContent()).toBe('2d6');

    await argue.getByTestId('argue-words').fill('my hands can lift a purse before anyone blinks');
    await argue.getByTestId('argue-submit').click();
    await expect.poll(() => argue.getByTestId('argue-verdict').getAttribute('data-ok')).toBe('true');
    await expect.poll(() => screen.getByTestId('dice-formula').textContent()).toBe('3d6kh2');
    expect(await screen.getByTestId('dice-factors').textContent()).toContain('Nimble');
    // 3d6 keep the best two, as the enumeration counts it
    const best = odds(formulaFor(1, 0), DEFAULT_BANDS).bands.full;
    expect((await shown())[0]).toContain(`${((100 * best) / 216).toFixed(1)}%${best} of 216`);
    await page.getByTestId('understood').screenshot({ path: path.join(ARTIFACTS, 'table-dice-screen.png') });

    await page.getByTestId('intent-confirm').click();
    await expect.poll(() => page.locator('[data-testid=player-log] [data-kind=queued]').count()).toBeGreaterThan(0);
    await step();

    const events = (await api<{ events: Event[] }>(`/events?actor=${me.id}&limit=1000`)).events;
    const rolled = events.find((e) => e.type === 'check_rolled');
    expect(events.find((e) => e.type === 'trait_argued')).toMatchObject({ trait: 'own_1', word: 'cutpurse' });
    expect(rolled).toMatchObject({ word: 'cutpurse', formula: '3d6kh2', factors: [{ kind: 'trait', id: 'own_1', sign: 1 }] });
    const roll = page.locator('[data-testid=player-log] [data-story=rolled]', { hasText: '3d6kh2' });
    await roll.waitFor();
    const total = rolled?.type === 'check_rolled' ? rolled.total : -1;
    expect(await roll.textContent()).toContain(`= ${total}`);
    expect(await roll.getByTestId('die-dropped').count()).toBe(1);
    expect(await roll.textContent()).toContain('dice');
    // the narration tells the band that was rolled: caught on a failure, the purse lifted otherwise
    const told = page.locator('[data-testid=player-log] [data-kind=narration]').first();
    await told.waitFor();
    expect(await told.textContent()).toMatch(rolled?.type === 'check_rolled' && rolled.band === 'fail' ? /caught/ : /lifts some money/);
    await roll.scrollIntoViewIfNeeded();
    await page.getByTestId('player').screenshot({ path: path.join(ARTIFACTS, 'table-rolled.png') });

    // the game master's turn: whoever the player speaks to answers in the same tick
    const here =
      (await api<{ id: string; name: { en: string }; place: string; status: string; isPlayer: boolean }[]>('/actors')).find(
        (a) => a.place === me.place && !a.isPlayer && a.status === 'alive' && a.id !== mark.id,
      ) ?? mark;
    await page.getByTestId('intent-text').fill(`talk to ${here.name.en} about the weather`);
    await page.getByTestId('intent-submit').click();
    await page.getByTestId('intent-confirm').click();
    await expect.poll(() => page.locator('[data-testid=player-log] [data-kind=queued]').count()).toBeGreaterThan(1);
    const { tick } = await api<{ tick: number }>('/control', { action: 'step' });
    const answer = (await api<{ events: Event[] }>(`/events?actor=${here.id}&from=${tick}&to=${tick}&limit=100`)).events.find(
      (e) => e.type === 'action' && e.call.tool === 'interact' && e.call.args.target === me.id,
    );
    expect(answer, `${here.id} answers at tick ${tick}`).toBeDefined();
    await page.locator('[data-testid=player-log] [data-story=said]', { hasText: here.name.en }).first().waitFor();

    // the next actions offered (two to four, docs/design.md, Dialog types; the story's own are in its panel): one click sends one, and the Judge accepts it at the next tick
    const offer = page.getByTestId('next-actions');
    await offer.waitFor();
    expect((await offer.getByTestId('next-action').count()) + (await page.getByTestId('story-option').count())).toBeGreaterThanOrEqual(2);
    // one that is no check and costs no collapse: it goes at once
    await offer.locator('[data-testid=next-action]:not([data-check]):not([data-warning])').first().click();
    await expect.poll(() => page.locator('[data-testid=player-log] [data-kind=queued]').count()).toBeGreaterThan(2);
    const next = await api<{ tick: number }>('/control', { action: 'step' });
    const mine = (await api<{ events: Event[] }>(`/events?actor=${me.id}&from=${next.tick}&to=${next.tick}&limit=100`)).events;
    expect(mine.some((e) => e.type === 'action' && e.actor === me.id)).toBe(true);
    expect(mine.some((e) => e.type === 'call_failed')).toBe(false);
    await page.getByTestId('player').screenshot({ path: path.join(ARTIFACTS, 'table-next-actions.png') });

    // a check is never fired by a click alone, wherever it is clicked from: the dice screen comes first
    const queued = page.locator('[data-testid=player-log] [data-kind=queued]');
    const card = page.getByTestId('understood');
    const sentBefore = await queued.count();
    // from the tool form: "Do it" on a haggle
    await page.getByTestId('open-form').click();
    await page.getByTestId('tool-interact').click();
    const form = page.getByTestId('tool-form');
    // whoever the form offers first (the player may have moved on with the next action)
    await form.locator('select[name=target] option').first().waitFor({ state: 'attached' });
    await form.locator('select[name=manner]').selectOption('haggle');
    await form.locator('input[name=content]').fill('a fair price for a fair day?');
    await page.getByTestId('form-submit').click();
    await card.getByTestId('dice-screen').waitFor();
    expect(await card.getByTestId('dice-screen').textContent()).toContain('Haggle');
    expect(await queued.count()).toBe(sentBefore);
    await page.getByTestId('intent-confirm').click();
    await expect.poll(() => queued.count()).toBe(sentBefore + 1);
    await step();

    // from the story panel or the next actions: Talk to Osric (a haggle) at the quay, or whatever check is offered first
    const risky = page.locator('[data-testid=story-option][data-check], [data-testid=next-action][data-check]');
    let sent = sentBefore + 1;
    for (let i = 0; i < 12 && !(await risky.count()); i++) {
      const walk = page.getByTestId('story-option').filter({ hasText: 'Walk down to the quay' });
      if (await walk.count()) {
        await walk.click();
        await expect.poll(() => queued.count()).toBe(++sent);
      }
      await step();
      await page.waitForTimeout(300);
    }
    expect(await risky.count()).toBeGreaterThan(0);
    const word = await risky.first().getAttribute('data-check');
    await risky.first().click();
    await card.getByTestId('dice-screen').waitFor();
    expect(await card.getByTestId('dice-formula').textContent()).toMatch(/d6/);
    expect(await queued.count()).toBe(sent);
    await page.getByTestId('understood').screenshot({ path: path.join(ARTIFACTS, 'table-option-dice.png') });
    await page.getByTestId('intent-confirm').click();
    await expect.poll(() => queued.count()).toBe(sent + 1);
    // sent once the player is free (a walk may still be under way): the Judge rolls it
    let rolled2: Event | undefined;
    for (let i = 0; i < 4 && !rolled2; i++) {
      const at = await api<{ tick: number }>('/control', { action: 'step' });
      rolled2 = (await api<{ events: Event[] }>(`/events?actor=${me.id}&from=${at.tick}&to=${at.tick}&limit=100`)).events.find(
        (e) => e.type === 'check_rolled',
      );
    }
    expect(rolled2).toMatchObject({ word });
  }, 180_000);
});
