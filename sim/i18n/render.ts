import { type Lang, LANGS, type Message, type Param, type Ref, type Text } from '../model/text.ts';
import type { Say } from '../model/vocabulary.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { type T, translator, hasKey } from './translator.ts';
import { clockOf } from '../model/clock.ts';
import { QUEST_TEXT_KEYS, renderQuestText } from './quest-text.ts';
import { NEED_PREFIX } from '../model/needs.ts';

/** messages whose `have` and `need` are amounts of money */
const MONEY_AMOUNTS = new Set(['reason.insufficient_money', 'you.reason.insufficient_money']);

/**
 * Turns language-neutral messages into text in one language. References become names (a clone of
 * a scenario person is "Name #n"); a plain string parameter is shown as the term `terms.<value>`
 * when the locale has one (strategies, statuses), else as it is. A number parameter named `money` is
 * an amount of money, written the pack's way (its currency's `format`).
 */
/** One text in every language, each written by its own renderer over the same state. */
export function inEveryLang(cat: Catalog, state: WorldState, f: (r: Renderer) => string): Text {
  const out = {} as Text;
  for (const lang of LANGS) out[lang] = f(new Renderer(lang, cat, state));
  return out;
}

export class Renderer {
  readonly t: T;
  private quoting = false;
  /** `quote`: how text from outside the pack (free text, players' and created names) is shown; a prompt fences it */
  constructor(
    readonly lang: Lang,
    readonly cat: Catalog,
    readonly state: WorldState,
    private readonly opts: { quote?: (text: string) => string } = {},
  ) {
    this.t = translator(lang);
  }

  private q(text: string): string {
    return this.opts.quote ? this.opts.quote(text) : text;
  }

  text(x: Text | null | undefined): string {
    return x ? x[this.lang] || x[this.lang === 'cn' ? 'en' : 'cn'] : '';
  }

  render(m: Message, extra?: Record<string, string>): string {
    if ('text' in m) return this.q(m.text);
    if (m.key === 'fact.rumour') return this.rumour(m);
    if (m.key === 'side.made') return this.made(m);
    if (QUEST_TEXT_KEYS.has(m.key)) return renderQuestText(this, m);
    const params: Record<string, string | number> = { ...extra };
    // a number stays a number, so a `count` picks its plural form ("1 person", "3 people")
    // amounts of money are written the pack's way: a `money` parameter, and what a purse has and needs
    const moneyish = (k: string) => k === 'money' || (MONEY_AMOUNTS.has(m.key) && (k === 'have' || k === 'need'));
    for (const [k, v] of Object.entries(m.params ?? {}))
      params[k] = typeof v === 'number' && moneyish(k) ? this.money(v) : typeof v === 'number' ? v : this.param(v);
    const own = this.packLine(m);
    if (own) return this.text(own).replace(/\{\{(\w+)\}\}/g, (slot, k: string) => (Object.hasOwn(params, k) ? String(params[k]) : slot));
    return this.t(m.key, params);
  }

  /** The pack's own words for a line (sim/model/vocabulary.ts, Say): the first word the message names that words it. */
  private packLine(m: Extract<Message, { key: string }>): Text | undefined {
    for (const v of Object.values(m.params ?? {})) {
      if (typeof v !== 'object') continue;
      const say = this.sayOf(v);
      if (say && Object.hasOwn(say, m.key)) return say[m.key];
    }
    return undefined;
  }

  private sayOf(v: Ref): Say | undefined {
    const w = this.cat.words;
    switch (v.ref) {
      case 'item':
        return this.cat.items.get(v.id)?.say;
      case 'entity':
      case 'template': {
        // a thing speaks through its kind: a stall is set up, a well dug
        const template = v.ref === 'entity' ? this.state.entities[v.id]?.template : v.id;
        const t = template === undefined ? undefined : this.cat.templates.get(template);
        return t ? w.kind(t.kind)?.say : undefined;
      }
      case 'kind':
        return w.kind(v.id)?.say;
      case 'manner':
        return w.manner(v.id)?.say;
      case 'channel':
      case 'verb':
        return w.channel(v.id)?.say;
      case 'purpose':
        return w.purpose(v.id)?.say;
      case 'mode':
        return w.mode(v.id)?.say;
      default:
        return undefined;
    }
  }

  /**
   * A message said to the person it is about (a refusal sent to a player): a reason in the second
   * person ("you are not at…") where the locale has one (`you.reason.*`), else as everyone reads it.
   */
  addressed(m: Message): string {
    if ('key' in m && m.key.startsWith('reason.') && this.known(`you.${m.key}`)) return this.render({ ...m, key: `you.${m.key}` });
    return this.render(m);
  }

  private known(key: string): boolean {
    return hasKey(this.lang, key) || hasKey(this.lang === 'cn' ? 'en' : 'cn', key);
  }

  param(v: Param): string {
    if (typeof v === 'number') return String(v);
    if (typeof v === 'string') return this.term(v);
    switch (v.ref) {
      case 'actor':
        return this.actor(v.id);
      case 'place':
        return this.place(v.id);
      case 'entity':
        return this.entity(v.id);
      case 'template':
        return this.text(this.cat.templates.get(v.id)?.name) || v.id;
      case 'item':
        return this.text(this.cat.items.get(v.id)?.name) || v.id;
      case 'job':
        return this.text(this.cat.scenario.meta.jobs.find((j) => j.id === v.id)?.name) || v.id;
      case 'mode':
        return this.text(this.cat.words.mode(v.id)?.name) || v.id;
      case 'channel':
        return this.text(this.cat.words.channel(v.id)?.name) || v.id;
      case 'verb':
        return this.text(this.cat.words.channel(v.id)?.verb) || v.id;
      case 'manner':
        return this.text(this.cat.words.manner(v.id)?.name) || v.id;
      case 'purpose':
        return this.text(this.cat.words.purpose(v.id)?.name) || v.id;
      case 'kind':
        return this.text(this.cat.words.kind(v.id)?.name) || v.id;
      case 'fund':
        return this.text(this.cat.funds.get(v.id)?.name) || v.id;
      case 'fact': {
        // a fact's content may name a fact in turn (itself, even): quote one level, no deeper
        const f = this.state.facts[v.id];
        if (!f || this.quoting) return v.id;
        this.quoting = true;
        try {
          return this.render(f.content);
        } finally {
          this.quoting = false;
        }
      }
    }
  }

  /**
   * A plain value as a word: a term (strategy, status, reason), a resource (`names.resource.*`, or
   * `item:<id>` as the item's name), else the value itself.
   */
  term(v: string): string {
    if (this.known(`terms.${v}`)) return this.t(`terms.${v}`);
    if (this.known(`names.resource.${v}`)) return this.t(`names.resource.${v}`);
    if (v.startsWith('item:')) return this.text(this.cat.items.get(v.slice(5))?.name) || v;
    if (v.startsWith(NEED_PREFIX)) return this.text(this.cat.needs.get(v.slice(NEED_PREFIX.length))?.name) || v;
    return v;
  }

  /** An amount of money as the pack writes it (its currency's `format`). */
  money(amount: number): string {
    return this.text(this.cat.words.v.currency.format).replaceAll('{{amount}}', String(amount));
  }

  /** A tick as the world's day and hour ("day 3, 14:20"), from the pack's `time.ticksPerDay`. */
  clock(tick: number): string {
    return this.t('clock', clockOf(tick, this.cat.words.v.time));
  }

  actor(id: string): string {
    const a = this.state.actors[id];
    if (a?.player) return this.q(this.text(a.player.name));
    if (a?.name) return this.text(a.name);
    const soul = this.cat.souls.get(a?.soul ?? id);
    if (!soul) return id;
    const name = this.text(soul.soul.name);
    return a && a.clone > 0 ? `${name} #${a.clone}` : name;
  }

  place(id: string): string {
    const p = this.cat.places.get(id);
    if (p) return this.text(p.name);
    const g = this.state.generatedPlaces.find((x) => x.id === id);
    return g ? this.q(this.text(g.name)) : id;
  }

  entity(id: string): string {
    const e = this.state.entities[id];
    if (!e) return this.t('terms.gone');
    if (e.name) return this.q(this.text(e.name));
    const template = this.text(this.cat.templates.get(e.template)?.name) || e.template;
    return e.owner ? this.t('entity.owned', { owner: this.actor(e.owner), template }) : template;
  }

  /** A pack's text with `{{slot}}`s filled from the message's parameters. */
  private frame(text: Text | undefined, params: Record<string, Param> | undefined): string {
    let out = this.text(text);
    for (const [k, v] of Object.entries(params ?? {})) out = out.replaceAll(`{{${k}}}`, this.param(v));
    return out;
  }

  /** What a place hears when something of a kind is made: the kind's `announce`, else a plain frame. */
  private made(m: Extract<Message, { key: string }>): string {
    const k = m.params?.kind;
    const announce = typeof k === 'object' ? this.cat.words.kind(k.id)?.announce : undefined;
    if (announce) return this.frame(announce, m.params);
    return this.t(m.key, Object.fromEntries(Object.entries(m.params ?? {}).map(([n, v]) => [n, this.param(v)])));
  }

  private rumour(m: Extract<Message, { key: string }>): string {
    const t = m.params?.template;
    const tpl = typeof t === 'object' ? this.cat.templates.get(t.id) : undefined;
    const eff = tpl?.effects.find((e) => e.type === 'rumour');
    const about = m.params?.about;
    const name = about !== undefined ? this.param(about) : '';
    return eff?.type === 'rumour' ? this.text(eff.content).replaceAll('{{about}}', name) : this.t('fact.unknown');
  }
}
