import type { Text } from '../../sim/model/text.ts';
import type { ToolCall } from '../../sim/model/tools.ts';
import type { MannerMechanism, PurposeMechanism } from '../../sim/model/vocabulary.ts';
import { type Catalog, onSale } from '../../sim/scenario/catalog.ts';
import type { WorldState } from '../../sim/state/types.ts';
import { called, find, firstOf, type Hit, type Lists, mention, type Named, phraseAfter } from './lexicon.ts';
import { actorNames } from './names.ts';
import { unquoted } from './read/speech.ts';
import type { IntentInput } from './types.ts';

/** What the player's words name and use, found once and shared by every reader. */
export class Said {
  readonly text: string;
  readonly cat: Catalog;
  readonly state: WorldState;
  readonly me: string;
  readonly here: string;
  readonly place: Hit | null;
  /** the place the player stands in, when the words name it */
  readonly placeHere: Hit | null;
  readonly person: Hit | null;
  readonly item: Hit | null;
  readonly mode: string | null;

  constructor(
    readonly input: IntentInput,
    readonly k: Lists,
  ) {
    const { cat, state, actor } = input;
    this.cat = cat;
    this.state = state;
    this.me = actor;
    this.text = unquoted(input.text).toLowerCase();
    this.here = state.actors[actor].location;
    const places: Named[] = [...cat.places.values()].map((p) => [p.id, [...called(p), p.id]]);
    for (const g of state.generatedPlaces) places.push([g.id, [g.name.cn, g.name.en]]);
    this.place = mention(
      this.text,
      places.filter(([pid]) => pid !== this.here),
    );
    this.placeHere = mention(
      this.text,
      places.filter(([pid]) => pid === this.here),
    );
    const people = actorNames(cat, state, actor, k);
    this.person = mention(this.text, [...people.full, ...people.short]);
    this.item = mention(this.text, itemNames(cat));
    this.mode = this.word('modes');
  }

  /** A generic verb of locales/<lang>/intent.json is used. */
  has(key: string): boolean {
    return firstOf(this.text, this.k[key] ?? []) !== null;
  }
  at(key: string): { at: number; len: number } | null {
    return firstOf(this.text, this.k[key] ?? []);
  }

  /** The pack's word of a vocabulary section the text uses, by its names and aliases (optionally only those that do one thing). */
  word(
    section: 'modes' | 'channels' | 'manners' | 'purposes',
    ok: (w: { does?: string; reach?: string }) => boolean = () => true,
  ): string | null {
    return this.wordHit(section, ok)?.id ?? null;
  }
  wordHit(
    section: 'modes' | 'channels' | 'manners' | 'purposes',
    ok: (w: { does?: string; reach?: string }) => boolean = () => true,
  ): Hit | null {
    const words = this.cat.words.v[section] as Record<
      string,
      { name: Text; aliases: { cn: string[]; en: string[] }; does?: string; reach?: string }
    >;
    return mention(
      this.text,
      Object.entries(words)
        .filter(([, w]) => ok(w))
        .map(([id, w]) => [id, called(w)]),
    );
  }
  /** The pack's purpose that does this, when the text names it. */
  purpose(does: PurposeMechanism): string | null {
    return this.word('purposes', (p) => p.does === does);
  }
  /** The pack's manner that does this, when the text names it. */
  manner(does: MannerMechanism): string | null {
    return this.word('manners', (m) => m.does === does);
  }

  /** What follows a marker of this list, up to a stop word (the object of a verb). */
  objectOf(key: string, from = 0): string {
    const hit = firstOf(this.text, this.k[key] ?? [], from);
    return hit ? phraseAfter(this.input.text, this.text, hit.at + hit.len, this.k) : '';
  }

  /**
   * What is said, told or asked about: after a subject marker ("about", "that", a colon), else what
   * follows the person's name; never the instruction itself.
   */
  subject(after = 0): string {
    const marker = this.subjectAt(after);
    if (marker) return phraseAfter(this.input.text, this.text, marker.at + marker.len, this.k, true);
    return after > 0 ? phraseAfter(this.input.text, this.text, after, this.k, true) : '';
  }

  /** An item whose name holds these words (whole words in Latin), when exactly one does. */
  itemByPart(phrase: string): string | null {
    const w = phrase.toLowerCase().trim();
    const ids = [...this.cat.items.values()].filter((i) => called(i).some((n) => find(n.toLowerCase(), w))).map((i) => i.id);
    return ids.length === 1 ? ids[0] : null;
  }

  /**
   * The item a phrase names: the whole of an item's name or alias, else a part of one ("stew" for "mutton
   * stew"), else its last word does ("two cups of tea" → tea).
   */
  itemIn(phrase: string): string | null {
    if (!phrase) return null;
    const whole = mention(phrase.toLowerCase(), itemNames(this.cat));
    if (whole) return whole.id;
    const last = /[a-z'-]+$/i.exec(phrase.trim())?.[0];
    // a plural the pack does not spell ("steamed buns")
    const one = phrase.trim().replace(/(?<=[a-z])e?s$/i, '');
    return (
      this.itemByPart(phrase) ??
      (one !== phrase.trim() ? this.itemByPart(one) : null) ??
      (last && last !== phrase.trim() ? (this.itemByPart(last) ?? this.itemByPart(last.replace(/(?<=[a-z])e?s$/i, ''))) : null)
    );
  }

  /** Where what is said begins (a subject marker after this point), if it is marked. */
  subjectAt(after = 0): { at: number; len: number } | null {
    return firstOf(this.text, this.k.subject ?? [], after);
  }

  sells(place: string): readonly string[] {
    return onSale(this.cat, place, this.state.tick + 1);
  }
  /** Places that sell an item now, nearest first by the pack's order. */
  sellersOf(item: string): string[] {
    return [...this.cat.places.keys()].filter((p) => p !== this.here && this.sells(p).includes(item));
  }
  /** Those standing where the player stands (not the player), the helpless first: whom words that name nobody may mean. */
  present(): string[] {
    const order = (id: string) => (this.state.actors[id].status === 'alive' ? 1 : 0);
    return Object.keys(this.state.actors)
      .filter((id) => id !== this.me && this.isHere(id))
      .sort((a, b) => order(a) - order(b));
  }
  /** Whether someone stands where the player stands. */
  isHere(id: string): boolean {
    const a = this.state.actors[id];
    return !!a && a.location === this.here && a.status !== 'dead';
  }
  /** A word is named in the text. */
  names(word: string): boolean {
    return find(this.text, word) !== null;
  }

  call<T extends ToolCall['tool']>(tool: T, args: Extract<ToolCall, { tool: T }>['args']): ToolCall {
    return { id: this.input.id, actor: this.me, tool, args } as ToolCall;
  }
}

/** Items by their names, aliases and id read as words ("bao", "ale"): a player may write the id's romanisation. */
function itemNames(cat: Catalog): Named[] {
  return [...cat.items.values()].map((i) => [i.id, [...called(i), i.id.replace(/_/g, ' ')]]);
}
