import { msg, ref } from '../../../sim/model/text.ts';
import type { Template } from '../../../sim/model/scenario.ts';
import type { TRAVEL_MODES } from '../../../sim/model/tools.ts';
import { knowsSkill, skillTag } from '../../../sim/model/skills.ts';
import { heldJob } from '../../../sim/model/jobs.ts';
import { FRIEND } from '../../../sim/model/relations.ts';
import type { MemoryItem } from '../../../sim/state/types.ts';
import { type Candidate, type Ctx, type Option, propose } from './context.ts';

type Mode = (typeof TRAVEL_MODES)[number];

/** Cheapest way that the actor can afford and bear. */
function modeFor(ctx: Ctx, distance: number): Mode {
  const t = ctx.cat.scenario.meta.rules.travel;
  const { money, energy } = ctx.self;
  if (money > 3000 && ctx.self.drives.thrift < 0.5) return 'taxi';
  if (energy > 40 + t.walk.energyPerUnit * distance && (ctx.self.drives.thrift > 0.6 || money < 50)) return 'walk';
  return money >= t.bus.moneyBase + t.bus.moneyPerUnit * distance ? 'bus' : 'walk';
}

function goTo(ctx: Ctx, strategy: Candidate['strategy'], base: number, place: string): Candidate | null {
  if (place === ctx.p.place.id) return null;
  const d = ctx.cat.dist.get(ctx.p.place.id)?.get(place);
  if (d === undefined) return null;
  return propose(ctx, strategy, base, 'move', { destination: place, mode: modeFor(ctx, d) });
}

const templatesOf = (ctx: Ctx, kind: Template['kind']) => ctx.cat.templatesByKind.get(kind) ?? [];
const alive = (ctx: Ctx) => (ctx.alive ??= ctx.p.people.filter((n) => n.status === 'alive'));
const TOPICS = ['music', 'work', 'food', 'city', 'family', 'money'] as const;

/** Someone to share a moment with: found without making a list of every relation. */
function hasFriend(relations: Record<string, number>): boolean {
  for (const id in relations) if (relations[id] >= FRIEND) return true;
  return false;
}

export const OPTIONS: Record<string, Option> = {
  /** saving someone dying in front of you outranks everything */
  help(ctx) {
    const down = ctx.p.people.find((n) => n.status === 'dying' || n.status === 'unconscious');
    return down ? propose(ctx, 'social', 20, 'interact', { target: down.id, manner: 'help', content: msg('say.hold_on') }) : null;
  },
  eat(ctx) {
    const { hunger } = ctx.needs;
    if (hunger < 0.25) return null;
    const food = Object.keys(ctx.self.inventory).find((i) => (ctx.cat.items.get(i)?.energy ?? 0) > 0);
    if (food) return propose(ctx, 'rest', 6 * hunger, 'use_resource', { resource: `item:${food}`, amount: 1, purpose: 'eat' });
    const stall = ctx.p.entities.find((e) => e.owner && e.owner !== ctx.self.id && (ctx.cat.effect(e.template, 'food')?.price ?? Infinity) <= ctx.self.money);
    if (stall) return propose(ctx, 'rest', 6 * hunger, 'interact', { target: stall.id, manner: 'buy', content: msg('say.order') });
    const sold = ctx.p.place.sells.map((i) => ctx.cat.items.get(i)!).filter((i) => i && i.energy > 0 && i.price <= ctx.self.money);
    if (sold.length) return propose(ctx, 'rest', 6 * hunger, 'use_resource', { resource: 'money', amount: Math.max(...sold.map((i) => i.price)), purpose: 'eat' });
    if (ctx.self.money < 2) return propose(ctx, 'rest', 3 * hunger, 'use_resource', { resource: 'time', amount: 1, purpose: 'rest' });
    const near = ctx.p.place.links.filter((l) => (ctx.cat.places.get(l.to)?.sells ?? []).some((i) => (ctx.cat.items.get(i)?.energy ?? 0) > 0));
    return near.length ? goTo(ctx, 'rest', 4 * hunger, ctx.rng.pick(near).to) : null;
  },
  rest(ctx) {
    return ctx.self.energy < 50 ? propose(ctx, 'rest', 0.8 * ctx.needs.hunger + 0.2, 'use_resource', { resource: 'time', amount: 1, purpose: 'rest' }) : null;
  },
  work(ctx) {
    const { self, cat, needs } = ctx;
    // the poor need the wage; the comfortable work out of habit, less and less
    const drive = (0.4 + needs.poverty * 1.5) * (0.5 + self.drives.diligence) * (self.money > 2000 ? 0.4 : 1);
    const held = heldJob(self.tags);
    const job = held && cat.scenario.meta.jobs.find((j) => j.id === held.job);
    if (job) {
      if (self.energy < job.energy + 10) return null;
      if (job.place === ctx.p.place.id) return propose(ctx, 'work', 1.6 * drive, 'use_resource', { resource: 'energy', amount: job.energy, purpose: 'work' });
      return goTo(ctx, 'work', drive, job.place);
    }
    if (self.roles.includes('employer') || needs.poverty < 0.2 && self.drives.diligence < 0.6) return null;
    const boss = alive(ctx).find((n) => n.roles.includes('employer') && cat.jobsByEmployer.has(n.soul));
    if (boss) return propose(ctx, 'work', 1.5 * drive, 'interact', { target: boss.id, manner: 'negotiate', content: msg('say.ask_work') });
    const jobs = cat.scenario.meta.jobs;
    return jobs.length ? goTo(ctx, 'work', 0.7 * drive, ctx.rng.pick(jobs).place) : null;
  },
  open_stall(ctx) {
    const { self } = ctx;
    if (ctx.p.owned.some((e) => ctx.cat.templates.get(e.template)?.kind === 'stall')) return null;
    const t = templatesOf(ctx, 'stall').filter((s) => self.money >= s.cost.money + 100 && self.energy > s.cost.energy + 20);
    if (!t.length) return null;
    const pick = ctx.rng.pick(t);
    return propose(ctx, 'trade', 1.2 * self.drives.ambition + 0.2, 'create', { what: pick.id, where: ctx.p.place.id, using: { money: pick.cost.money, energy: pick.cost.energy } });
  },
  invest(ctx) {
    const stall = ctx.p.owned.find((e) => e.location === ctx.p.place.id && ctx.cat.templates.get(e.template)?.kind === 'stall');
    if (!stall || ctx.self.money < 400 || Number(stall.properties.level ?? 1) >= 4) return null;
    return propose(ctx, 'trade', 0.6 + 0.3 * ctx.self.drives.ambition, 'use_resource', { resource: 'money', amount: 100, purpose: 'invest', target: stall.id });
  },
  paint(ctx) {
    const murals = ctx.p.kinds.mural ?? 0;
    const t = templatesOf(ctx, 'mural').filter((m) => ctx.self.money >= m.cost.money + 20 && ctx.self.energy > m.cost.energy + 15);
    if (!t.length || murals >= 2) return null;
    const m = t[0];
    return propose(ctx, 'art', (1.3 * ctx.self.drives.creativity) * (1 - 0.4 * murals), 'create', { what: m.id, where: ctx.p.place.id, using: { money: m.cost.money, energy: m.cost.energy } });
  },
  teach(ctx) {
    const { self } = ctx;
    if (ctx.p.owned.some((e) => ctx.cat.templates.get(e.template)?.kind === 'class')) return null;
    // teach a skill one has; a teacher by trade can teach any class
    const classes = templatesOf(ctx, 'class');
    const t = classes.find((c) => knowsSkill(self, ctx.cat.effect(c.id, 'class')?.skill ?? '')) ?? (self.roles.includes('teacher') && classes.length ? ctx.rng.pick(classes) : undefined);
    if (!t || self.energy < t.cost.energy + 15 || self.money < t.cost.money) return null;
    return propose(ctx, 'teach', 0.5 * self.drives.creativity + 0.6 * self.drives.sociability, 'create', { what: t.id, where: ctx.p.place.id, using: { money: t.cost.money, energy: t.cost.energy } });
  },
  learn(ctx) {
    const cls = ctx.p.entities.find((e) => {
      const c = e.owner && e.owner !== ctx.self.id ? ctx.cat.effect(e.template, 'class') : undefined;
      return c !== undefined && c.fee <= ctx.self.money - 50 && !ctx.self.tags.includes(skillTag(c.skill));
    });
    return cls ? propose(ctx, 'explore', 0.5 + 0.6 * ctx.self.drives.creativity, 'interact', { target: cls.id, manner: 'learn', content: msg('say.sign_up') }) : null;
  },
  admire(ctx) {
    const art = ctx.p.entities.find((e) => e.owner && e.owner !== ctx.self.id && ctx.cat.templates.get(e.template)?.kind === 'mural');
    return art ? propose(ctx, 'explore', 0.35 + 0.4 * ctx.self.drives.creativity, 'interact', { target: art.id, manner: 'observe', content: msg('say.admire') }) : null;
  },
  chat(ctx) {
    const people = alive(ctx);
    if (!people.length) return null;
    let best = people[0];
    for (const n of people) if (n.relation > best.relation || (n.relation === best.relation && n.id < best.id)) best = n;
    const target = ctx.rng.chance(0.6) ? best : ctx.rng.pick(people);
    if (target.relation <= -30) return null;
    const topic = ctx.rng.pick(TOPICS);
    return propose(ctx, 'social', (0.3 + ctx.self.drives.sociability) * (0.5 + ctx.needs.loneliness), 'interact', { target: target.id, manner: 'friendly', content: msg(`topic.${topic}`) });
  },
  quarrel(ctx) {
    const foe = alive(ctx).find((n) => n.relation <= -30);
    return foe ? propose(ctx, 'social', 0.5 * (1.2 - ctx.self.drives.sociability), 'interact', { target: foe.id, manner: 'hostile', content: msg('say.get_lost') }) : null;
  },
  gossip(ctx) {
    const { self } = ctx;
    const people = alive(ctx);
    if (!people.length) return null;
    // fresh news is worth shouting about; old news is not
    if (self.knows.length && self.memory.findLast((m) => m.kind === 'learned' && ctx.p.tick - m.tick <= 6)) {
      const fact = self.knows[self.knows.length - 1];
      return propose(ctx, 'gossip', 0.9 * self.drives.gossip + 0.1, 'express', { channel: 'shout', content: msg('say.news', { fact: ref('fact', fact) }) });
    }
    const rumours = templatesOf(ctx, 'rumour').filter((t) => self.energy > t.cost.energy + 15);
    if (!rumours.length) return null;
    const disliked = people.filter((n) => n.relation < 0).sort((a, b) => a.relation - b.relation)[0];
    const victim = disliked ?? ctx.rng.pick(people);
    const t = ctx.rng.pick(rumours);
    return propose(ctx, 'gossip', 0.7 * self.drives.gossip, 'create', { what: t.id, where: ctx.p.place.id, using: { energy: t.cost.energy }, about: victim.id });
  },
  express(ctx) {
    const { self } = ctx;
    const out: Candidate[] = [];
    if (hasFriend(self.relations)) out.push(propose(ctx, 'social', 0.35 * self.drives.sociability + 0.05, 'express', { channel: 'moments', content: msg('say.moment', { place: ref('place', ctx.p.place.id) }) }));
    const mine = ctx.p.owned.find((e) => {
      const kind = e.location === ctx.p.place.id ? ctx.cat.templates.get(e.template)?.kind : undefined;
      return kind === 'class' || kind === 'stall';
    });
    // advertising is worth it now and then, not at every heartbeat
    const advertised = (m: MemoryItem) => m.kind === 'did' && m.about.includes('shout') && ctx.p.tick - m.tick < 6;
    if (mine && !self.memory.some(advertised)) out.push(propose(ctx, ctx.cat.templates.get(mine.template)!.strategy, 0.5, 'express', { channel: 'shout', content: msg('say.advertise', { entity: ref('entity', mine.id) }) }));
    out.push(propose(ctx, 'rest', 0.15 + 0.2 * ctx.needs.loneliness, 'express', { channel: 'self_talk', content: msg('say.thoughts') }));
    return out;
  },
  perform(ctx) {
    const inst = Object.keys(ctx.self.inventory).find((i) => i === 'guitar');
    if (!inst || ctx.self.energy < 20) return null;
    return propose(ctx, 'art', (0.4 + 0.6 * ctx.self.drives.creativity) * (0.6 + 0.6 * ctx.needs.poverty), 'use_resource', { resource: `item:${inst}`, amount: 1, purpose: 'perform' });
  },
  explore(ctx) {
    const links = ctx.p.place.links;
    if (!links.length) return null;
    const lonely = alive(ctx).length === 0 ? 0.5 : 0;
    // the longer one stays put, the more somewhere else calls
    const restless = Math.min(1, (ctx.p.tick - ctx.self.arrivedAt) / 30);
    return goTo(ctx, 'explore', 0.25 + 0.3 * (1 - ctx.self.drives.diligence) + 0.8 * restless + lonely, ctx.rng.pick(links).to);
  },
};

/** The dying may only talk: call for help, or speak to whoever is there. */
export const DYING_OPTIONS: Record<string, Option> = {
  plead(ctx) {
    const near = alive(ctx);
    if (near.length) return propose(ctx, 'social', 5, 'interact', { target: near[0].id, manner: 'friendly', content: msg('say.help') });
    return propose(ctx, 'social', 5, 'express', { channel: 'shout', content: msg('say.help') });
  },
};
