import { ref } from '../../../sim/model/text.ts';
import type { Template } from '../../../sim/model/scenario.ts';
import type { Said } from '../context.ts';
import { called, find, mention, type Named } from '../lexicon.ts';
import { notFound, type Reader, startFor } from './found.ts';

/** Templates people make (not the pack's fixtures), by what a player may call them. */
const made = (s: Said, ok: (t: Template) => boolean = () => true): Named[] =>
  [...s.cat.templates.values()].filter((t) => s.cat.words.kind(t.kind)?.made !== false && ok(t)).map((t) => [t.id, called(t)]);
const isRumour = (s: Said) => (t: Template) => !!s.cat.effect(t.id, 'rumour');

/** Making it costs what its template says: the call carries that, never a figure of its own. */
function make(s: Said, t: Template, about?: string) {
  return {
    call: s.call('create', {
      what: t.id,
      where: s.here,
      using: { money: t.cost.money, energy: t.cost.energy },
      ...(about ? { about } : {}),
    }),
  };
}

/** A word that names the kind rather than one template (a kind's own name), or that several templates share. */
function generic(s: Said, t: Template, word: string): boolean {
  const kind = s.cat.words.kind(t.kind);
  if (kind && [kind.name.cn, kind.name.en].some((n) => n.toLowerCase() === word)) return true;
  return [...s.cat.templates.values()].some(
    (o) => o.id !== t.id && o.kind === t.kind && called(o).some((n) => find(n.toLowerCase(), word) !== null),
  );
}

/**
 * Which template sells the thing named after "selling": one whose names say it, or, for food a
 * place would sell, one that serves food.
 */
function seller(s: Said, kind: string, what: string): Template | null {
  const lower = what.toLowerCase();
  const same = made(s, (t) => t.kind === kind);
  const byName =
    mention(lower, same) ??
    same.map(([id, names]) => ({ id, hit: names.some((n) => find(n.toLowerCase(), lower)) })).find((x) => x.hit) ??
    null;
  if (byName) return s.cat.templates.get(byName.id)!;
  const item =
    mention(
      lower,
      [...s.cat.items.values()].map((i) => [i.id, called(i)]),
    )?.id ?? s.itemByPart(lower);
  if (item && s.cat.items.get(item)!.energy > 0) {
    return [...s.cat.templates.values()].find((t) => t.kind === kind && s.cat.effect(t.id, 'food')) ?? null;
  }
  return null;
}

/** Opening, building, painting, teaching a thing of the pack, matched by name, alias, or what it sells. */
export const create: Reader = (s) => {
  const hit = mention(
    s.text,
    made(s, (t) => !isRumour(s)(t)),
  );
  if (!hit) return null;
  // "selling" inside the template's own word is not a clause of its own
  const sell = s.at('selling');
  const selling = sell && (sell.at >= hit.at + hit.len || sell.at + sell.len <= hit.at) ? s.objectOf('selling', hit.at + hit.len) : '';
  if (!(s.has('create') || selling)) return null;
  const t = s.cat.templates.get(hit.id)!;
  if (!selling) return make(s, t);
  const exact = !generic(s, t, s.text.slice(hit.at, hit.at + hit.len));
  const sold = seller(s, t.kind, selling);
  if (sold) return make(s, sold);
  if (exact) return make(s, t);
  const options = made(s, (o) => o.kind === t.kind).map(([id]) => ref('template', id));
  return notFound(startFor.make(s, t.id), 'nothing_sells', { what: selling, kind: ref('kind', t.kind) }, { options });
};

/** A thing of the pack named by its own name, with no verb: making it, when nothing else read the words. */
export const named: Reader = (s) => {
  const hit = mention(
    s.text,
    made(s, (t) => !isRumour(s)(t)),
  );
  const t = hit && s.cat.templates.get(hit.id)!;
  return t && !generic(s, t, s.text.slice(hit.at, hit.at + hit.len)) ? make(s, t) : null;
};

/**
 * Spreading word about someone: one of the pack's rumours when the words name it (made, about the
 * person named), else what the player says, said out loud on the pack's broadcast channel.
 */
export const spread: Reader = (s) => {
  const verb = s.at('spread');
  if (!verb) return null;
  const rumour = mention(s.text, made(s, isRumour(s)));
  if (rumour) return make(s, s.cat.templates.get(rumour.id)!, s.person?.id);
  const content = s.subject(verb.at + verb.len);
  const channel = s.cat.words.channelFor('place') ?? s.cat.words.channelFor('friends') ?? s.cat.words.ids('channels')[0];
  return { call: s.call('express', { channel, content: { text: content || s.input.text.trim() } }) };
};
