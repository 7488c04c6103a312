import type { DraftCall, ToolName } from './types.ts';

// Between a tool call and the player's form: pure, so the calls the form builds are checked
// against sim/model/tools.ts in tests, without a browser.

/** The tool form's fields, as typed. */
export type Fields = Record<string, string>;

/** The form's text fields from a call (so an understood call can be edited). */
export function fieldsOf(call: DraftCall | null, render: (message: unknown) => string): Fields {
  const f: Fields = {};
  if (!call) return f;
  for (const [k, v] of Object.entries(call.args)) {
    if (k === 'using' && v && typeof v === 'object') {
      for (const [r, n] of Object.entries(v as Record<string, number>)) f[`using_${r}`] = String(n);
    } else if (k === 'resource' && typeof v === 'string' && v.startsWith('item:')) {
      f.resource = 'item';
      f.item = v.slice(5);
    } else if (v && typeof v === 'object') f[k] = render(v);
    else if (v !== undefined && v !== null) f[k] = String(v);
  }
  return f;
}

const int = (s: string | undefined) => (s && /^\d+$/.test(s.trim()) ? Number(s) : undefined);

/** The world's first manner, mode and channel (its catalog's), for a select the player left alone. */
export type Defaults = { manner?: string; mode?: string; channel?: string };

/** The call from the form, or null when something it needs is missing (or a select has no choice at all). */
export function callOf(tool: ToolName, f: Fields, first: Defaults = {}): DraftCall | null {
  const need = (...ks: string[]) => ks.every((k) => (f[k] ?? '').trim() !== '');
  switch (tool) {
    case 'use_resource': {
      const resource = f.resource === 'item' ? (f.item?.trim() ? `item:${f.item.trim().replace(/\s+/g, '_')}` : '') : f.resource || 'money';
      const amount = int(f.amount);
      if (!resource || !amount || !need('purpose')) return null;
      return { tool, args: { resource, amount, purpose: f.purpose.trim(), ...(f.target ? { target: f.target } : {}) } };
    }
    case 'interact':
      if (!need('target', 'content') || !(f.manner || first.manner)) return null;
      return { tool, args: { target: f.target, manner: f.manner || first.manner!, content: { text: f.content.trim() } } };
    case 'move':
      if (!need('destination') || !(f.mode || first.mode)) return null;
      return { tool, args: { destination: f.destination, mode: f.mode || first.mode! } };
    case 'create': {
      if (!need('what', 'where')) return null;
      const using: Record<string, number> = {};
      for (const r of ['money', 'energy']) if (int(f[`using_${r}`]) !== undefined) using[r] = int(f[`using_${r}`])!;
      return { tool, args: { what: f.what.trim(), where: f.where, using, ...(f.about ? { about: f.about } : {}) } };
    }
    case 'express':
      if (!need('content') || !(f.channel || first.channel)) return null;
      return { tool, args: { channel: f.channel || first.channel!, content: { text: f.content.trim() } } };
  }
}

/** Whom and what the player can reach now: the living and the things at their own place, never themselves. */
export function reachable<A extends { id: string; place: string; status: string; left?: true }, E extends { location: string }>(
  me: string,
  actors: Iterable<A>,
  entities: Iterable<E>,
): { here: string; people: A[]; things: E[] } {
  const list = [...actors];
  const here = list.find((a) => a.id === me)?.place ?? '';
  return {
    here,
    people: list.filter((a) => a.place === here && a.id !== me && a.status !== 'dead' && !a.left),
    things: [...entities].filter((e) => e.location === here),
  };
}
