import type { FastifyPluginAsync } from 'fastify';
import { defaultText, type StoryText } from '../../../sim/model/story-text.ts';
import { bearer } from '../auth.ts';
import { HttpError } from '../errors.ts';
import { TOOL_NAMES } from '../../../sim/model/tools.ts';
import type { CatalogView, WorldSummary } from '../protocol.ts';
import { type ServerContext, idOf, worldOf } from './context.ts';
import { own } from '../../../sim/model/ids.ts';
import { presetTraits, riskyWords } from '../traits.ts';

/** Worlds, places, actors, entities and facts: reads of the in-memory state. */
export const worldRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const { host } = ctx;
  const state = () => host.world.state;

  // open to all, so a client can find the world and where to send its token; a private world tells
  // a caller without a token only what the server is doing (the pack's name, the clock), not who is in it
  app.get('/api/worlds', { config: { exposure: 'open' } }, async (req): Promise<WorldSummary[]> => {
    const s = host.status();
    const summary: WorldSummary = {
      id: host.id,
      name: host.world.cat.scenario.meta.name,
      tick: s.tick,
      paused: s.paused,
      tickMs: s.tickMs,
      turnBased: s.turnBased,
      observing: ctx.observing,
      joining: s.joining,
    };
    if (ctx.observing === 'private' && !ctx.tokens.known(bearer(req.headers.authorization))) return [summary];
    return [{ ...summary, population: Object.keys(state().actors).length, players: host.seats() }];
  });

  // the choices of the player's tool form (GET /catalog): the pack's own words
  app.get('/api/worlds/:w/catalog', { config: { exposure: 'public' } }, async (req): Promise<CatalogView> => {
    worldOf(ctx, req);
    const v = host.views;
    const cat = host.world.cat;
    const w = cat.words.v;
    const words = <T extends { name: { cn: string; en: string } }>(r: Record<string, T>) =>
      Object.entries(r).map(([id, x]) => ({ id, name: x.name }));
    const storyNames = (r: Record<string, { name: StoryText }>) => Object.entries(r).map(([id, x]) => ({ id, name: defaultText(x.name) }));
    return {
      tools: TOOL_NAMES.map((id) => ({ id, name: v.both((r) => r.param(id)) })),
      manners: words(w.manners),
      modes: words(w.modes),
      channels: words(w.channels),
      purposes: words(w.purposes),
      templates: [...cat.templates.values()].map((t) => ({
        id: t.id,
        name: t.name,
        kind: t.kind,
        cost: { money: t.cost.money, energy: t.cost.energy },
      })),
      items: [...cat.items.values()].map((i) => ({ id: i.id, name: i.name, price: i.price })),
      jobs: cat.scenario.meta.jobs.map((j) => ({ id: j.id, name: j.name })),
      currency: { name: w.currency.name, format: w.currency.format },
      time: { tick: w.time.tick, ticksPerDay: w.time.ticksPerDay, startHour: w.time.startHour },
      traits: presetTraits(cat).map((t) => ({
        id: t.id,
        name: t.name,
        positive: t.positive,
        negative: t.negative,
        helps: t.helps,
        hinders: t.hinders,
      })),
      risky: riskyWords(cat),
      traitsInPlay: cat.scenario.vocabulary.checks.traitsInPlay,
      // each name's default words (they claim nothing); a player's session has the words the world backs for them
      story: cat.scenario.story && {
        title: cat.scenario.story.title,
        chapters: storyNames(cat.scenario.story.chapters),
        situations: storyNames(cat.scenario.story.situations),
        endings: Object.entries(cat.scenario.story.endings).map(([id, e]) => ({
          id,
          name: defaultText(e.name),
          summary: defaultText(e.summary),
        })),
      },
    };
  });

  app.get('/api/worlds/:w/places', { config: { exposure: 'public' } }, async (req) => {
    worldOf(ctx, req);
    return host.views.places();
  });

  app.get('/api/worlds/:w/actors', { config: { exposure: 'public' } }, async (req) => {
    worldOf(ctx, req);
    return Object.values(state().actors).map((a) => host.views.actorSummary(a));
  });

  app.get('/api/worlds/:w/actors/:id', { config: { exposure: 'public' } }, async (req) => {
    const id = idOf(ctx, req);
    const a = own(state().actors, id);
    if (!a) throw new HttpError(404, 'not_found');
    return host.views.actorDetail(a, host.lastDecision(id));
  });

  app.get('/api/worlds/:w/entities', { config: { exposure: 'public' } }, async (req) => {
    worldOf(ctx, req);
    return Object.values(state().entities).map((e) => host.views.entity(e));
  });

  app.get('/api/worlds/:w/entities/:id', { config: { exposure: 'public' } }, async (req) => {
    const e = own(state().entities, idOf(ctx, req));
    if (!e) throw new HttpError(404, 'not_found');
    return host.views.entity(e);
  });

  app.get('/api/worlds/:w/facts', { config: { exposure: 'public' } }, async (req) => {
    worldOf(ctx, req);
    return Object.keys(state().facts).map((id) => host.views.fact(id, host.factKnownBy(id)));
  });

  app.get('/api/worlds/:w/facts/:id', { config: { exposure: 'public' } }, async (req) => {
    const id = idOf(ctx, req);
    const f = host.views.fact(id, host.factKnownBy(id));
    if (!f) throw new HttpError(404, 'not_found');
    return f;
  });
};
