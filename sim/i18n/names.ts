import { parseJobTag } from '../model/jobs.ts';
import type { Renderer } from './render.ts';
import { hasKey } from './translator.ts';

/** What the body of a person shows: enough to say how they are, not only their status machine's state. */
export interface Body {
  status: string;
  tags: readonly string[];
  energy: number;
}

/**
 * The one place that names what a person can see of the engine's bookkeeping: event types, statuses
 * (as the body shows them), tags, things' properties and resources. Generic words come from
 * `locales/<lang>/names.json`; jobs, skills, items and people from the pack and the state. A value
 * with no name is not shown (null) rather than shown as an id.
 */
export class Names {
  constructor(private readonly r: Renderer) {}

  private has(key: string): boolean {
    return hasKey(this.r.lang, key) || hasKey(this.r.lang === 'cn' ? 'en' : 'cn', key);
  }

  /** An event type, as the terminal summary counts it. */
  eventType(type: string): string {
    return this.has(`names.event.${type}`) ? this.r.t(`names.event.${type}`) : type.replaceAll('_', ' ');
  }

  /** A resource (money, energy, time, `item:<id>`). */
  resource(key: string): string {
    return this.r.term(key);
  }

  /** How a person is: a collapsed or emptied body is not "well" even while its status is `alive`. */
  status(b: Body): string {
    if (b.status === 'alive' && b.tags.includes('collapsed')) return this.r.t('names.status.collapsed');
    if (b.status === 'alive' && b.energy <= 0) return this.r.t('names.status.exhausted');
    return this.has(`names.status.${b.status}`) ? this.r.t(`names.status.${b.status}`) : this.r.term(b.status);
  }

  /** A tag in words: the pack's name for its own tags, the engine's for jobs, skills and collapses; null for a tag nothing names. */
  tag(tag: string): string | null {
    const job = parseJobTag(tag);
    if (job) {
      const name = this.r.text(this.r.cat.scenario.meta.jobs.find((j) => j.id === job.job)?.name);
      return name ? this.r.t('names.tag.job', { job: name, employer: this.r.actor(job.employer) }) : null;
    }
    if (tag.startsWith('skill:')) {
      const skill = this.skill(tag.slice(6));
      return skill ? this.r.t('names.tag.skill', { skill }) : null;
    }
    const own = this.r.text(Object.hasOwn(this.r.cat.words.v.tags, tag) ? this.r.cat.words.v.tags[tag] : undefined);
    if (own) return own;
    return this.has(`names.tag.${tag}`) ? this.r.t(`names.tag.${tag}`) : null;
  }

  /** A skill: the item it is played on, else the class that teaches it. */
  private skill(id: string): string {
    const item = this.r.text(this.r.cat.items.get(id)?.name);
    if (item) return item;
    for (const t of this.r.cat.templates.values()) {
      if (t.effects.some((e) => e.type === 'class' && e.skill === id)) return this.r.text(t.name);
    }
    return '';
  }

  /** A thing's property as a name and a value, or null for bookkeeping nobody names (a class's last student's tick). */
  property(key: string, value: string | number | boolean): { name: string; value: string } | null {
    if (!this.has(`names.property.${key}`)) return null;
    return { name: this.r.t(`names.property.${key}`), value: String(value) };
  }
}
