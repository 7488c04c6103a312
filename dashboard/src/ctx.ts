import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { useT } from './i18n.ts';
import type { ActorSummary, CatalogView, EntityView, FactView, PlaceView, Selection } from './types.ts';

export type WorldCtx = {
  world: string;
  tick: number;
  places: Map<string, PlaceView>;
  actors: Map<string, ActorSummary>;
  entities: Map<string, EntityView>;
  facts: Map<string, FactView>;
  catalog: CatalogView | null;
  selected: Selection | null;
  select: (s: Selection | null) => void;
};

export const WorldContext = createContext<WorldCtx>({
  world: '',
  tick: 0,
  places: new Map(),
  actors: new Map(),
  entities: new Map(),
  facts: new Map(),
  catalog: null,
  selected: null,
  select: () => {},
});

export const useWorldCtx = () => useContext(WorldContext);

/** Names of things in the chosen language; an unknown id shows as itself. */
export function useNames() {
  const { tx, num } = useT();
  const c = useWorldCtx();
  return {
    /** an amount of money as the world writes it (its currency's format, from the catalog) */
    money: (n: number) => (c.catalog ? tx(c.catalog.currency.format).replaceAll('{{amount}}', num(n)) : num(n)),
    actor: (id: string) => tx(c.actors.get(id)?.name) || id,
    place: (id: string) => tx(c.places.get(id)?.name) || id,
    entity: (id: string) => tx(c.entities.get(id)?.name) || id,
    /** whatever the id names: an actor, a place or a thing */
    /** a kind of thing one can make (a template) */
    template: (id: string) => tx(c.catalog?.templates.find((x) => x.id === id)?.name) || id,
    item: (id: string) => tx(c.catalog?.items.find((x) => x.id === id)?.name) || id,
    purpose: (id: string) => tx(c.catalog?.purposes.find((x) => x.id === id)?.name) || id,
    /** one of the world's words: a manner, a travel mode or a channel */
    word: (group: 'manners' | 'modes' | 'channels', id: string) => tx(c.catalog?.[group].find((x) => x.id === id)?.name) || id,
    any: (id: string) => tx(c.actors.get(id)?.name ?? c.places.get(id)?.name ?? c.entities.get(id)?.name) || id,
    /** what a message's reference names, by its kind (`{ ref, id }`): a person, place or thing, or one of the pack's words */
    ref: (id: string, kind: string): string => {
      const listed = (group: 'items' | 'jobs' | 'templates' | 'manners' | 'modes' | 'channels' | 'purposes') =>
        tx(c.catalog?.[group].find((x) => x.id === id)?.name) || id;
      switch (kind) {
        case 'item':
          return listed('items');
        case 'job':
          return listed('jobs');
        case 'template':
          return listed('templates');
        case 'manner':
        case 'mode':
        case 'channel':
        case 'purpose':
          return listed(`${kind}s`);
        default:
          return tx(c.actors.get(id)?.name ?? c.places.get(id)?.name ?? c.entities.get(id)?.name) || id;
      }
    },
  };
}
