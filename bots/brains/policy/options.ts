import { CONTENT_KEYS } from '../../../sim/i18n/content.ts';
import type { Template } from '../../../sim/model/scenario.ts';
import { knowsSkill, skillTag } from '../../../sim/model/skills.ts';
import { heldJob, onShift, paidThisShift, qualifies } from '../../../sim/model/jobs.ts';
import { FRIEND } from '../../../sim/model/relations.ts';
import { relationIds } from '../../../sim/state/relation-ids.ts';
import type { Neighbour } from '../../perception.ts';
import type { EntityState } from '../../../sim/model/events.ts';
import { type Candidate, type Ctx, type Option, propose } from './context.ts';
import { advertising, answering, making, moment, news, replying, rumour, saying, shouting, spending, trip, usingItem } from './calls.ts';
import type { Catalog } from '../../../sim/scenario/catalog.ts';
import type { MannerMechanism, Mode, PurposeMechanism } from '../../../sim/model/vocabulary.ts';
import { unmetRequirement } from '../../../sim/model/requires.ts';
import { bandsOf, factorsFor } from '../../../sim/model/check.ts';
import { formulaFor, odds } from '../../../sim/model/dice.ts';
import { learnedWithin, spokeSince, talkedWith, toAnswer } from './recent.ts';
import { payIntoFund } from './fund-pay.ts';
import { confide } from './confide.ts';
import { closedLately as closedFor, unpaidLately } from '../../lessons.ts';

/** A mode of travel with its id. */
type ModeOf = { id: string; m: Mode };

/** The pack's modes in its order, once per catalog: every trip asks. */
const MODES = new WeakMap<Catalog, ModeOf[]>();
function modesOf(cat: Catalog): ModeOf[] {
  let out = MODES.get(cat);
  if (!out) MODES.set(cat, (out = cat.words.ids('modes').map((id) => ({ id, m: cat.words.mode(id)! }))));
  return out;
}

/** A mode's fare over a distance, computed where it is compared: no object per mode per trip weighed. */
const fareMoney = (m: Mode, distance: number) => m.moneyBase + m.moneyPerUnit * distance;
const fareEnergy = (m: Mode, distance: number) => m.energyPerUnit * distance;
/** Whether mode b is cheaper than mode a (by money, then energy) over the distance: the first of equals stays. */
function cheaper(b: Mode, a: ModeOf | null, distance: number): boolean {
  if (a === null) return true;
  const bm = fareMoney(b, distance);
  const am = fareMoney(a.m, distance);
  return bm < am || (bm === am && fareEnergy(b, distance) < fareEnergy(a.m, distance));
}

/**
 * How to get there, among the pack's modes: the thrifty and the poor take the cheapest they can bear,
 * the rich and carefree the fastest they can afford, everyone else the cheapest fare that spares their legs.
 * One pass over the modes, no lists: every bot that may travel asks this for each place it considers.
 */
function modeFor(ctx: Ctx, distance: number): string | null {
  const { money, energy } = ctx.self;
  const modes = modesOf(ctx.cat);
  let cheapest: ModeOf | null = null;
  let bearable: ModeOf | null = null;
  let paid: ModeOf | null = null;
  let fastest: ModeOf | null = null;
  for (let i = 0; i < modes.length; i++) {
    const mode = modes[i];
    const { m } = mode;
    const cost = fareMoney(m, distance);
    // only what one can afford
    if (!(cost <= money)) continue;
    if (cheaper(m, cheapest, distance)) cheapest = mode;
    if (energy > 40 + fareEnergy(m, distance) && cheaper(m, bearable, distance)) bearable = mode;
    if (cost > 0 && cheaper(m, paid, distance)) paid = mode;
    if (fastest === null || m.ticksPerUnit * distance < fastest.m.ticksPerUnit * distance) fastest = mode;
  }
  // nothing affordable: no trip is offered (a refused move would only be tried again)
  if (cheapest === null) return null;
  if (money > 300 * meal(ctx) && ctx.self.drives.thrift < 0.5) return fastest!.id;
  if (bearable && (ctx.self.drives.thrift > 0.6 || money < 5 * meal(ctx))) return bearable.id;
  // otherwise the cheapest fare there is: paying a little to spare one's legs
  return (paid ?? cheapest).id;
}

/** A trip there by the actor's mode, if there is one it can take: whether it was offered. */
export function goTo(ctx: Ctx, strategy: Candidate['strategy'], base: number, place: string): boolean {
  if (place === ctx.p.place.id) return false;
  const d = ctx.cat.dist.get(ctx.p.place.id)?.get(place);
  if (d === undefined) return false;
  const mode = modeFor(ctx, d);
  return mode !== null && propose(ctx, strategy, base, 'move', trip, place, mode);
}

/** Money thresholds are counted in meals, so one brain fits a pack of pennies and a pack of thousands. */
const meal = (ctx: Ctx) => ctx.cat.levels.meal;

/** The pack's templates by what they do (their effects), once per catalog: what a brain may make. */
interface Groups {
  earns: Template[];
  art: Template[];
  classes: Template[];
  rumours: Template[];
  other: Template[];
  of: Map<string, keyof Omit<Groups, 'of'>>;
}
const GROUPS = new WeakMap<Catalog, Groups>();
// the last catalog's at hand: a run weighs with one catalog, and scans ask for every thing and memory they read
let lastCat: Catalog | null = null;
let lastGroups: Groups | null = null;
function groups(cat: Catalog): Groups {
  if (cat === lastCat) return lastGroups!;
  const g = GROUPS.get(cat) ?? groupsOf(cat);
  lastCat = cat;
  lastGroups = g;
  return g;
}
/** The groups of a catalog's templates, made once. */
function groupsOf(cat: Catalog): Groups {
  const g: Groups = { earns: [], art: [], classes: [], rumours: [], other: [], of: new Map() };
  for (const t of cat.scenario.templates) {
    if (cat.words.kind(t.kind)?.made === false) continue;
    const has = (type: Parameters<Catalog['effect']>[1]) => cat.effect(t.id, type) !== undefined;
    const group = has('rumour')
      ? 'rumours'
      : has('class')
        ? 'classes'
        : has('income') || has('food')
          ? 'earns'
          : has('mood')
            ? 'art'
            : 'other';
    g[group].push(t);
    g.of.set(t.id, group);
  }
  GROUPS.set(cat, g);
  return g;
}
const groupOf = (cat: Catalog, template: string) => groups(cat).of.get(template);

/** Whether a thing of this template of the actor's closed for want of takers lately (../../lessons.ts). */
const closedLately = (ctx: Ctx, template: string) => closedFor(ctx.cat, ctx.self, template, ctx.p.tick);

/** Whether the actor made a thing of art in the last day (its own memory): the urge is spent until it has rested. */
function madeArtLately(ctx: Ctx): boolean {
  const day = ctx.cat.scenario.vocabulary.time.ticksPerDay;
  for (const m of ctx.self.memory) if (m.kind === 'did' && ctx.p.tick - m.tick < day && groupOf(ctx.cat, m.about[0]) === 'art') return true;
  return false;
}

/** Who asked the actor for help in the last couple of ticks, the latest: undefined if nobody did. */
function askedForHelp(ctx: Ctx): string | undefined {
  const mem = ctx.self.memory;
  for (let i = mem.length - 1; i >= 0; i--) {
    const x = mem[i];
    if (x.kind === 'told' && ctx.p.tick - x.tick <= 2 && 'key' in x.msg && x.msg.key === 'say.help') return x.about[0];
  }
  return undefined;
}

/** Meals' worth one keeps before giving any away. */
const SPARE_MEALS = 30;

/** A plea for the price of a meal to the best liked person present not asked in the last hours: whether it was offered. */
function askFor(ctx: Ctx): boolean {
  const befriend = manner(ctx, 'befriend');
  if (!befriend) return false;
  // one not turned to in the last couple of hours, for whatever it was (one pass over the memory)
  const recently = new Set<string>();
  for (const m of ctx.self.memory) if (m.kind === 'did' && ctx.p.tick - m.tick < 12) recently.add(m.about[0]);
  let best: Neighbour | undefined;
  for (const n of alive(ctx)) if (n.relation > -30 && !recently.has(n.id) && (!best || n.relation > best.relation)) best = n;
  return best !== undefined && propose(ctx, 'rest', 4 * ctx.needs.hunger, 'interact', saying, best.id, befriend, 'say.help');
}

/** Whether a call of the actor's was refused today because a source's money for the day was spent: work waits for tomorrow. */
function spentToday(ctx: Ctx): boolean {
  const perDay = ctx.cat.scenario.vocabulary.time.ticksPerDay;
  const today = Math.floor(ctx.p.tick / perDay);
  for (const m of ctx.self.memory)
    if (m.kind === 'failed' && 'key' in m.msg && m.msg.key === 'reason.budget_spent' && Math.floor(m.tick / perDay) === today) return true;
  return false;
}

/** Whether the actor meets a template's requirements (a tag, an item carried, a role; a toll's road from here): the Judge refuses the rest. */
function meets(ctx: Ctx, t: Template): boolean {
  for (const e of t.effects) if (e.type === 'toll' && !ctx.p.place.links.some((l) => l.to === e.to)) return false;
  return unmetRequirement(ctx.self, t) === null;
}

/** Places where a thing the pack sets up from the start tends the tired or rescues (a shrine, a well): the town's refuges. */
const REFUGES = new WeakMap<Catalog, string[]>();
function refuges(cat: Catalog): string[] {
  let out = REFUGES.get(cat);
  if (!out) {
    out = [
      ...new Set(
        cat.scenario.entities
          .filter((e) => {
            const t = cat.effect(e.template, 'tend');
            return t && (t.rescue || t.energy > 0);
          })
          .map((e) => e.location),
      ),
    ].sort();
    REFUGES.set(cat, out);
  }
  return out;
}
const nearest = (ctx: Ctx, places: string[]): string | undefined => {
  const d = ctx.cat.dist.get(ctx.p.place.id);
  let best: string | undefined;
  for (const p of places) if (d?.has(p) && (best === undefined || d.get(p)! < d.get(best)!)) best = p;
  return best;
};

/** The pack's word for a mechanism; an option whose mechanism the pack lacks is not offered. */
const manner = (ctx: Ctx, does: MannerMechanism) => ctx.cat.words.mannerFor(does);

/** The exact chance that a check of this word fails for the actor now (sim/model/dice.ts). */
function failChance(ctx: Ctx, word: string): number {
  const f = factorsFor(ctx.cat, ctx.self, word);
  let plus = 0;
  for (const x of f) if (x.sign > 0) plus++;
  const o = odds(formulaFor(plus, f.length - plus), bandsOf(ctx.cat));
  return o.bands.fail / o.of;
}
const purpose = (ctx: Ctx, does: PurposeMechanism) => ctx.cat.words.purposeFor(does);
const channel = (ctx: Ctx, reach: 'place' | 'friends' | 'self') => ctx.cat.words.channelFor(reach);
const alive = (ctx: Ctx) => (ctx.alive ??= aliveOf(ctx.p.people));
/** The people present who are alive: the perception's own list when all are (most places, most ticks), read only. */
function aliveOf(people: Neighbour[]): Neighbour[] {
  for (let i = 0; i < people.length; i++) if (people[i].status !== 'alive') return people.filter((n) => n.status === 'alive');
  return people;
}
/** small talk: the topics the Judge lets anyone say by key (its content keys), in its order */
const TOPICS = [...CONTENT_KEYS].filter((k) => k.startsWith('topic.'));

/** How many of a list pass a test (a function made once, not a closure per decision: tsx names each closure it makes). */
function countWhere<T>(ctx: Ctx, list: readonly T[], ok: (ctx: Ctx, x: T) => boolean): number {
  let n = 0;
  for (let i = 0; i < list.length; i++) if (ok(ctx, list[i])) n++;
  return n;
}

/** A seeded pick among the `count` of a list that pass a test: the draw `rng.pick` makes of them, with no filtered copy. */
function pickWhere<T>(ctx: Ctx, list: readonly T[], ok: (ctx: Ctx, x: T) => boolean, count: number): T {
  let n = Math.floor(ctx.rng.next() * count);
  for (let i = 0; i < list.length; i++) if (ok(ctx, list[i]) && n-- === 0) return list[i];
  return list[list.length - 1];
}

/** What one may set up to earn from, what art one may make, what else one may build, what rumour one may start. */
const canOpen = (ctx: Ctx, s: Template) =>
  ctx.self.money >= s.cost.money + 10 * meal(ctx) &&
  ctx.self.energy > s.cost.energy + 20 &&
  meets(ctx, s) &&
  !closedLately(ctx, s.id) &&
  !crowdedHere(ctx, s);
/** Whether one of the same trade, one whose custom a neighbour would share (`crowding`), is already seen here. */
function crowdedHere(ctx: Ctx, s: Template): boolean {
  if (ctx.cat.effect(s.id, 'income')?.crowding === undefined) return false;
  for (let i = 0; i < ctx.p.entities.length; i++) if (ctx.p.entities[i].template === s.id) return true;
  return false;
}
const canMakeArt = (ctx: Ctx, m: Template) =>
  ctx.self.money >= m.cost.money + 20 * meal(ctx) && ctx.self.energy > m.cost.energy + 15 && meets(ctx, m);
const canMake = (ctx: Ctx, x: Template) =>
  ctx.self.money >= x.cost.money + 10 * meal(ctx) &&
  ctx.self.energy > x.cost.energy + 20 &&
  !ownsOf(ctx, x.id) &&
  meets(ctx, x) &&
  !closedLately(ctx, x.id);
const canSpread = (ctx: Ctx, t: Template) => ctx.self.energy > t.cost.energy + 15;

/** The n-th of the people present the actor has not just talked with (n below their count). */
function untalked(ctx: Ctx, present: Neighbour[], n: number): Neighbour | undefined {
  for (const p of present) if (!talkedWith(ctx, p.id) && n-- === 0) return p;
  return undefined;
}

// the scans below are loops, not array methods with a closure made per decision (thousands a tick)

/** Whether the actor owns a thing of this template (anywhere). */
function ownsOf(ctx: Ctx, template: string): boolean {
  for (const e of ctx.p.owned) if (e.template === template) return true;
  return false;
}

/** The first thing the actor owns of a group of templates, here only if asked: undefined if none. */
function ownedIn(ctx: Ctx, group: keyof Omit<Groups, 'of'>, hereOnly: boolean): EntityState | undefined {
  for (const e of ctx.p.owned) if ((!hereOnly || e.location === ctx.p.place.id) && groupOf(ctx.cat, e.template) === group) return e;
  return undefined;
}

/** Whether someone present and alive has this id. */
const presentAlive = (ctx: Ctx, id: string): boolean => {
  for (const n of alive(ctx)) if (n.id === id) return true;
  return false;
};

/** Someone to share a moment with. */
function hasFriend(relations: Record<string, number>): boolean {
  const ids = relationIds(relations);
  for (let i = 0; i < ids.length; i++) if (relations[ids[i]] >= FRIEND) return true;
  return false;
}

/** A job of the pack by id. */
function jobOf(cat: Catalog, id: string) {
  for (const j of cat.scenario.meta.jobs) if (j.id === id) return j;
  return undefined;
}

/** The first boss present and alive whose crew one could join: the job's role and skill, if it asks for them. */
function bossFor(ctx: Ctx): Neighbour | undefined {
  const { cat } = ctx;
  for (const n of alive(ctx)) {
    const job = cat.words.permits(n.roles, 'hire') ? cat.jobsByEmployer.get(n.soul) : undefined;
    if (job !== undefined && qualifies(job, ctx.self)) return n;
  }
  return undefined;
}

/** The first class one could teach, knowing its skill. */
function classKnown(ctx: Ctx, classes: Template[]): Template | undefined {
  for (const c of classes) if (knowsSkill(ctx.self, ctx.cat.effect(c.id, 'class')?.skill ?? '')) return c;
  return undefined;
}

/** A class here someone else holds, that one can pay for and has not learned yet. */
function classToTake(ctx: Ctx): EntityState | undefined {
  for (const e of ctx.p.entities) {
    const c = e.owner && e.owner !== ctx.self.id ? ctx.cat.effect(e.template, 'class') : undefined;
    if (c !== undefined && c.fee <= ctx.self.money - 5 * meal(ctx) && !ctx.self.tags.includes(skillTag(c.skill))) return e;
  }
  return undefined;
}

/** A thing of art here someone else made. */
function othersArt(ctx: Ctx): EntityState | undefined {
  for (const e of ctx.p.entities) if (e.owner && e.owner !== ctx.self.id && groupOf(ctx.cat, e.template) === 'art') return e;
  return undefined;
}

/** A class or a stall of the actor's here: something to advertise. */
function advertisable(ctx: Ctx): EntityState | undefined {
  for (const e of ctx.p.owned) {
    const g = e.location === ctx.p.place.id ? groupOf(ctx.cat, e.template) : undefined;
    if (g === 'classes' || g === 'earns') return e;
  }
  return undefined;
}

/** Whether the actor said something on this channel in the last few ticks. */
function saidOnLately(ctx: Ctx, channel: string): boolean {
  for (const m of ctx.self.memory) if (m.kind === 'did' && m.about.includes(channel) && ctx.p.tick - m.tick < 6) return true;
  return false;
}

export const OPTIONS: Record<string, Option> = {
  /** saving someone dying in front of you outranks everything */
  help(ctx) {
    let down: Neighbour | undefined;
    for (const n of ctx.p.people)
      if (n.status === 'dying' || n.status === 'unconscious') {
        down = n;
        break;
      }
    const m = manner(ctx, 'rescue');
    // a helper who is starving too must eat first, or there are two to save
    return down && m ? propose(ctx, 'social', 20 * (1 - 0.8 * ctx.needs.hunger), 'interact', saying, down.id, m, 'say.hold_on') : null;
  },
  eat(ctx) {
    const { hunger } = ctx.needs;
    const eat = purpose(ctx, 'eat');
    if (hunger < 0.25 || !eat) return null;
    // what is carried first, then the most filling meal one can pay for (a neighbour's stall on a tie): a real meal lasts
    let food: string | undefined;
    for (const i in ctx.self.inventory)
      if ((ctx.cat.items.get(i)?.energy ?? 0) > (food === undefined ? 0 : ctx.cat.items.get(food)!.energy)) food = i;
    if (food) return propose(ctx, 'rest', 6 * hunger, 'use_resource', usingItem, food, 1, eat);
    const buy = manner(ctx, 'buy');
    let stall: { id: string; energy: number } | undefined;
    for (const e of buy ? ctx.p.entities : []) {
      const f = e.owner && e.owner !== ctx.self.id ? ctx.cat.effect(e.template, 'food') : undefined;
      if (f && f.price <= ctx.self.money && (!stall || f.energy > stall.energy)) stall = { id: e.id, energy: f.energy };
    }
    let sold: { price: number; energy: number } | undefined;
    for (const id of ctx.p.place.sells) {
      const item = ctx.cat.items.get(id);
      // the price here now: an intervention may have changed the pack's
      const i = item && {
        energy: item.energy,
        price: ctx.p.place.prices && Object.hasOwn(ctx.p.place.prices, id) ? ctx.p.place.prices[id] : item.price,
      };
      if (
        i &&
        i.energy > 0 &&
        i.price <= ctx.self.money &&
        (!sold || i.energy > sold.energy || (i.energy === sold.energy && i.price < sold.price))
      )
        sold = i;
    }
    if (stall && buy && (!sold || stall.energy >= sold.energy))
      return propose(ctx, 'rest', 6 * hunger, 'interact', saying, stall.id, buy, 'say.order');
    if (sold) return propose(ctx, 'rest', 6 * hunger, 'use_resource', spending, 'money', sold.price, eat);
    const rest = purpose(ctx, 'rest');
    // the penniless and hungry ask someone present for the price of a meal, the one they like best first
    if (ctx.self.money < meal(ctx) && hunger > 0.5 && askFor(ctx)) return;
    // and make for a place where something of the town's own tends the tired, and wait there
    if (ctx.self.money < meal(ctx)) {
      const refuge = nearest(ctx, refuges(ctx.cat));
      if (refuge && refuge !== ctx.p.place.id && hunger > 0.5) return goTo(ctx, 'rest', 4 * hunger, refuge);
    }
    if (ctx.self.money < 2 && rest) return propose(ctx, 'rest', 3 * hunger, 'use_resource', spending, 'time', 1, rest);
    const near = ctx.p.place.links.filter((l) =>
      (ctx.cat.places.get(l.to)?.sells ?? []).some((i) => (ctx.cat.items.get(i)?.energy ?? 0) > 0),
    );
    return near.length ? goTo(ctx, 'rest', 4 * hunger, ctx.rng.pick(near).to) : null;
  },
  /** someone present just asked the actor for help: one with plenty to spare gives them the price of two meals */
  give(ctx) {
    const gift = purpose(ctx, 'gift');
    const m = meal(ctx);
    if (!gift || ctx.self.money < SPARE_MEALS * m) return null;
    const day = ctx.cat.scenario.vocabulary.time.ticksPerDay;
    const asked = askedForHelp(ctx);
    let asker: Neighbour | undefined;
    if (asked !== undefined)
      for (const n of alive(ctx))
        if (n.id === asked && n.relation > -30) {
          asker = n;
          break;
        }
    // once a day to one person: a gift, not a wage
    if (!asker) return null;
    for (const x of ctx.self.memory)
      if (x.kind === 'did' && x.about[0] === asker.id && x.about[1] === gift && ctx.p.tick - x.tick < day) return null;
    return propose(
      ctx,
      'social',
      (0.6 + ctx.self.drives.sociability) * (1.4 - ctx.self.drives.thrift) * 2,
      'use_resource',
      spending,
      'money',
      2 * m,
      gift,
      asker.id,
    );
  },
  rest(ctx) {
    const rest = purpose(ctx, 'rest');
    return ctx.self.energy < 50 && rest
      ? propose(ctx, 'rest', 0.8 * ctx.needs.hunger + 0.2, 'use_resource', spending, 'time', 1, rest)
      : null;
  },
  work(ctx) {
    const { self, cat, needs } = ctx;
    // the poor need the wage; the comfortable work out of habit, less and less
    const drive = (0.4 + needs.poverty * 1.5) * (0.5 + self.drives.diligence) * (self.money > 200 * meal(ctx) ? 0.4 : 1);
    const held = heldJob(self.tags);
    const job = held && jobOf(cat, held.job);
    if (job) {
      const clock = cat.scenario.vocabulary.time;
      // a shift's pay is earned once: the rest of it is one's own
      if (
        self.energy < job.energy + 10 ||
        spentToday(ctx) ||
        unpaidLately(cat, self, held.employer, ctx.p.tick) ||
        !onShift(job, ctx.p.tick, clock) ||
        paidThisShift(job, self, ctx.p.tick, clock)
      )
        return null;
      const work = purpose(ctx, 'work');
      if (job.place === ctx.p.place.id)
        return work ? propose(ctx, 'work', 1.6 * drive, 'use_resource', spending, 'energy', job.energy, work) : null;
      return goTo(ctx, 'work', drive, job.place);
    }
    if (cat.words.permits(self.roles, 'hire') || (needs.poverty < 0.2 && self.drives.diligence < 0.6)) return null;
    // a boss whose crew one could join: the job's role and skill, if it asks for them
    const boss = bossFor(ctx);
    const bargain = manner(ctx, 'bargain');
    // one asks a boss once in a while, not at every turn, and less eagerly where the dice are against one
    if (boss && bargain && !talkedWith(ctx, boss.id)) {
      return propose(ctx, 'work', 1.5 * drive * (1 - failChance(ctx, bargain) / 2), 'interact', saying, boss.id, bargain, 'say.ask_work');
    }
    if (boss) return null;
    const jobs = cat.scenario.meta.jobs.filter((j) => qualifies(j, self));
    return jobs.length ? goTo(ctx, 'work', 0.7 * drive, ctx.rng.pick(jobs).place) : null;
  },
  /** a fund's member pays in (fund-pay.ts) */
  pay_in: payIntoFund,
  open_stall(ctx) {
    const { self } = ctx;
    if (ownedIn(ctx, 'earns', false)) return null;
    const earns = groups(ctx.cat).earns;
    const n = countWhere(ctx, earns, canOpen);
    if (!n) return null;
    const pick = pickWhere(ctx, earns, canOpen, n);
    return propose(ctx, 'trade', 1.2 * self.drives.ambition + 0.2, 'create', making, pick);
  },
  invest(ctx) {
    const stall = ownedIn(ctx, 'earns', true);
    const invest = purpose(ctx, 'invest');
    if (!stall || !invest || ctx.self.money < 40 * meal(ctx) || Number(stall.properties.level ?? 1) >= 4) return null;
    return propose(ctx, 'trade', 0.6 + 0.3 * ctx.self.drives.ambition, 'use_resource', spending, 'money', 10 * meal(ctx), invest, stall.id);
  },
  make_art(ctx) {
    const art = groups(ctx.cat).art;
    // what the place has least of (a draw among equals): a second of one kind is less wanted than a first of another
    let fewest = Infinity;
    let ties = 0;
    for (let i = 0; i < art.length; i++) {
      const x = art[i];
      if (!canMakeArt(ctx, x)) continue;
      const here = ctx.p.kinds[x.kind] ?? 0;
      if (here < fewest) {
        fewest = here;
        ties = 1;
      } else if (here === fewest) ties++;
    }
    if (!ties || madeArtLately(ctx)) return null;
    let n = Math.floor(ctx.rng.next() * ties);
    let m = art[art.length - 1];
    for (let i = 0; i < art.length; i++)
      if (canMakeArt(ctx, art[i]) && (ctx.p.kinds[art[i].kind] ?? 0) === fewest && n-- === 0) {
        m = art[i];
        break;
      }
    // a place holds only so much art: two of a kind and the urge is spent
    const made = ctx.p.kinds[m.kind] ?? 0;
    if (made >= 2) return null;
    return propose(ctx, 'art', 1.3 * ctx.self.drives.creativity * (1 - 0.4 * made), 'create', making, m);
  },
  teach(ctx) {
    const { self } = ctx;
    if (ownedIn(ctx, 'classes', false)) return null;
    // teach a skill one has; a teacher by trade can teach any class
    const classes = groups(ctx.cat).classes;
    const t =
      classKnown(ctx, classes) ?? (ctx.cat.words.permits(self.roles, 'teach') && classes.length ? ctx.rng.pick(classes) : undefined);
    if (!t || self.energy < t.cost.energy + 15 || self.money < t.cost.money || closedLately(ctx, t.id)) return null;
    return propose(ctx, 'teach', 0.5 * self.drives.creativity + 0.6 * self.drives.sociability, 'create', making, t);
  },
  learn(ctx) {
    const cls = classToTake(ctx);
    const learn = manner(ctx, 'learn');
    return cls && learn
      ? propose(ctx, 'explore', 0.5 + 0.6 * ctx.self.drives.creativity, 'interact', saying, cls.id, learn, 'say.sign_up')
      : null;
  },
  admire(ctx) {
    const art = othersArt(ctx);
    const observe = manner(ctx, 'observe');
    return art && observe
      ? propose(ctx, 'explore', 0.35 + 0.4 * ctx.self.drives.creativity, 'interact', saying, art.id, observe, 'say.admire')
      : null;
  },
  /** someone just spoke to the actor: it answers on what they raised, so talk is an exchange */
  answer(ctx) {
    const befriend = manner(ctx, 'befriend');
    // who is present is asked only of someone who just spoke: most have heard nothing
    const to = befriend ? toAnswer(ctx, presentAlive) : null;
    return to ? propose(ctx, 'social', 0.9 + 0.8 * ctx.self.drives.sociability, 'interact', replying, to.id, befriend!, to.topic) : null;
  },
  chat(ctx) {
    // nobody seeks out the one they have just talked with: the others counted and the best found without a list of them
    const present = alive(ctx);
    let count = 0;
    let best: Neighbour | undefined;
    for (const n of present) {
      if (talkedWith(ctx, n.id)) continue;
      count++;
      if (!best || n.relation > best.relation || (n.relation === best.relation && n.id < best.id)) best = n;
    }
    if (!best) return null;
    // or one of them drawn as a pick from their list would draw
    const target = ctx.rng.chance(0.6) ? best : untalked(ctx, present, Math.floor(ctx.rng.next() * count))!;
    const befriend = manner(ctx, 'befriend');
    if (target.relation <= -30 || !befriend) return null;
    const topic = ctx.rng.pick(TOPICS);
    return propose(
      ctx,
      'social',
      (0.3 + ctx.self.drives.sociability) * 1.2 * ctx.needs.loneliness,
      'interact',
      saying,
      target.id,
      befriend,
      topic,
    );
  },
  quarrel(ctx) {
    let foe: Neighbour | undefined;
    for (const n of alive(ctx))
      if (n.relation <= -30) {
        foe = n;
        break;
      }
    const quarrel = manner(ctx, 'quarrel');
    return foe && quarrel
      ? propose(ctx, 'social', 0.5 * (1.2 - ctx.self.drives.sociability), 'interact', saying, foe.id, quarrel, 'say.get_lost')
      : null;
  },
  gossip(ctx) {
    const { self } = ctx;
    const people = alive(ctx);
    if (!people.length) return null;
    // fresh news is worth shouting about; old news is not
    const shout = channel(ctx, 'place');
    const learned = learnedWithin(ctx, 6);
    // and it is told once: whoever has shouted since hearing it has said their piece
    if (shout && self.knows.length && learned && !spokeSince(ctx, shout, learned.tick + 1)) {
      return propose(ctx, 'gossip', 0.9 * self.drives.gossip + 0.1, 'express', news, shout, self.knows[self.knows.length - 1]);
    }
    const rumours = groups(ctx.cat).rumours;
    const spreadable = countWhere(ctx, rumours, canSpread);
    if (!spreadable) return null;
    // the most disliked, the first of equals (no filtered, sorted copy of the people per decision)
    let disliked: Neighbour | undefined;
    for (const n of people) if (n.relation < 0 && (disliked === undefined || n.relation < disliked.relation)) disliked = n;
    const victim = disliked ?? ctx.rng.pick(people);
    const t = pickWhere(ctx, rumours, canSpread, spreadable);
    return propose(ctx, 'gossip', 0.7 * self.drives.gossip, 'create', rumour, t, victim.id);
  },
  /** fresh news to a friend alone (confide.ts) */
  confide,
  express(ctx) {
    const { self } = ctx;
    const friends = channel(ctx, 'friends');
    const shout = channel(ctx, 'place');
    const self_ = channel(ctx, 'self');
    if (friends && hasFriend(self.relations)) propose(ctx, 'social', 0.35 * self.drives.sociability + 0.05, 'express', moment, friends);
    const mine = advertisable(ctx);
    // advertising is worth it now and then, not at every heartbeat
    if (mine && shout && !saidOnLately(ctx, shout))
      propose(ctx, ctx.cat.templates.get(mine.template)!.strategy, 0.5, 'express', advertising, shout, mine.id);
    if (self_) propose(ctx, 'rest', 0.15 + 0.2 * ctx.needs.loneliness, 'express', shouting, self_, 'say.thoughts');
  },
  perform(ctx) {
    const perform = purpose(ctx, 'perform');
    const items = perform ? ctx.cat.words.purpose(perform)!.items : [];
    let inst: string | undefined;
    for (const i of items)
      if ((ctx.self.inventory[i] ?? 0) > 0) {
        inst = i;
        break;
      }
    if (!perform || !inst || ctx.self.energy < 20) return null;
    // a performance the dice keep failing is tried less: the odds as the Judge will roll them, and every failure so far
    const risky = ctx.cat.words.purpose(perform)?.risky
      ? (1 - failChance(ctx, perform) / 2) / (1 + (ctx.self.failed?.[perform] ?? 0) / 4)
      : 1;
    return propose(
      ctx,
      'art',
      (0.4 + 0.6 * ctx.self.drives.creativity) * (0.6 + 0.6 * ctx.needs.poverty) * risky,
      'use_resource',
      usingItem,
      inst,
      1,
      perform,
    );
  },
  /** whatever else the pack lets people make (a well, a shrine, a toll gate): one of each at most, by ambition */
  make(ctx) {
    const { self } = ctx;
    const other = groups(ctx.cat).other;
    const n = countWhere(ctx, other, canMake);
    if (!n) return null;
    const pick = pickWhere(ctx, other, canMake, n);
    return propose(ctx, pick.strategy, 0.6 * self.drives.ambition + 0.1, 'create', making, pick);
  },
  /** where the pack has a way to steal: the poor, ambitious and unsociable try a stranger present */
  steal(ctx) {
    const m = manner(ctx, 'steal');
    if (!m) return null;
    const { drives } = ctx.self;
    // the dice as the Judge will roll them (traits, harm), and every time one was caught, weigh on the urge
    const caught = ctx.self.failed?.[m] ?? 0;
    const urge = (ctx.needs.poverty * drives.ambition * (1.2 - drives.sociability) * (1 - failChance(ctx, m) / 2)) / (1 + caught / 2);
    if (urge < 0.2) return null;
    // nobody's purse is seen: the well-regarded look worth the risk
    let mark: Neighbour | undefined;
    for (const n of alive(ctx)) if (n.relation < FRIEND && (!mark || n.reputation > mark.reputation)) mark = n;
    return mark ? propose(ctx, 'trade', 1.5 * urge, 'interact', saying, mark.id, m, 'say.distract') : null;
  },
  /** a quest taken: go where it sends one, buy what it asks for, bring it back (earning is the work option's) */
  quest(ctx) {
    const q = ctx.p.quests?.[0];
    if (!q || ctx.needs.hunger > 0.6) return null;
    const base = 1.2 + 0.6 * ctx.self.drives.diligence;
    const g = q.goal;
    if (g.kind === 'visit') return goTo(ctx, 'explore', base, g.place);
    if (g.kind !== 'bring') return null;
    const held = ctx.self.inventory[g.item] ?? 0;
    if (held >= g.count) return q.at ? goTo(ctx, 'trade', base, q.at) : null;
    const item = ctx.cat.items.get(g.item);
    const buy = purpose(ctx, 'buy');
    if (!item || !buy) return null;
    const price = ctx.p.place.prices && Object.hasOwn(ctx.p.place.prices, g.item) ? ctx.p.place.prices[g.item] : item.price;
    if (ctx.p.place.sells.includes(g.item)) {
      return price * (g.count - held) <= ctx.self.money - meal(ctx)
        ? propose(ctx, 'trade', base, 'use_resource', usingItem, g.item, g.count - held, buy)
        : null;
    }
    const shops = [...ctx.cat.places.values()].filter((pl) => pl.sells.includes(g.item)).map((pl) => pl.id);
    const shop = nearest(ctx, shops);
    return shop ? goTo(ctx, 'trade', base, shop) : null;
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
    const befriend = manner(ctx, 'befriend');
    if (near.length && befriend) return propose(ctx, 'social', 5, 'interact', saying, near[0].id, befriend, 'say.help');
    const shout = channel(ctx, 'place');
    return shout ? propose(ctx, 'social', 5, 'express', shouting, shout, 'say.help') : null;
  },
};

/**
 * The game master's turn: a player spoke to the actor this tick and it answers them now, in a sentence
 * on what they raised, true to the work open and the facts it knows (replies.ts), or sharply if it has
 * no time for them. Its only option, so it always answers.
 */
export const ANSWER_OPTIONS: Record<string, Option> = {
  answer(ctx) {
    const a = ctx.p.answering!;
    const feeling = ctx.self.relations[a.to] ?? 0;
    const sharp = feeling <= -30 ? manner(ctx, 'quarrel') : undefined;
    if (sharp) return propose(ctx, 'social', 5, 'interact', saying, a.to, sharp, 'say.get_lost');
    const befriend = manner(ctx, 'befriend');
    if (!befriend) return null;
    return propose(ctx, 'social', 5, 'interact', answering, befriend);
  },
};
