import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import type { ActorDetail } from '../types.ts';
import { DeclareTrait } from './DeclareTrait.tsx';
import { MAX_TRAITS } from './TraitPicker.tsx';

/**
 * Who the player is at the table: concept, traits with both aspects, tags by name, condition; and,
 * where the world allows it and there is room, a new trait to declare (`onDeclared`: the tick it is judged at).
 */
export function CharacterSheet(props: { me: ActorDetail; onDeclared: (tick: number) => void }) {
  const { t, tx } = useT();
  const { catalog } = useWorldCtx();
  const { soul, traits, body } = props.me;
  return (
    <details class="sheet" open data-testid="character-sheet">
      <summary>{t('sheet.title')}</summary>
      {soul.concept && (
        <p class="soul" data-testid="sheet-concept">
          {tx(soul.concept)}
        </p>
      )}
      {traits.length > 0 ? (
        <ul class="traits" data-testid="sheet-traits">
          {traits.map((tr) => (
            <li key={tr.id}>
              <b>{tx(tr.name)}</b> <span class="plus">+ {tx(tr.positive)}</span> <span class="minus">− {tx(tr.negative)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p class="dim">{t('sheet.no_traits')}</p>
      )}
      {/* keyed by the count: a committed trait starts the form afresh */}
      {catalog?.traitsInPlay && traits.length < MAX_TRAITS && <DeclareTrait key={traits.length} onQueued={props.onDeclared} />}
      <p class="dim">
        {t('sheet.condition')} {tx(body.condition)}
        {body.tagNames.length > 0 && (
          <>
            {' '}
            · {t('sheet.tags')} <span data-testid="sheet-tags">{body.tagNames.map((n) => tx(n)).join(t('sep'))}</span>
          </>
        )}
      </p>
    </details>
  );
}
