import { useT } from '../i18n.ts';
import type { ActorDetail } from '../types.ts';

/** Who the player is at the table: concept, traits with both aspects, tags by name, condition. */
export function CharacterSheet(props: { me: ActorDetail }) {
  const { t, tx } = useT();
  const { soul, traits, body } = props.me;
  return (
    <details class="sheet" open data-testid="character-sheet">
      <summary>{t('sheet.title')}</summary>
      {soul.concept && <p class="soul" data-testid="sheet-concept">{soul.concept}</p>}
      {traits.length > 0 ? (
        <ul class="traits" data-testid="sheet-traits">
          {traits.map((tr) => (
            <li key={tr.id}><b>{tx(tr.name)}</b> <span class="plus">+ {tx(tr.positive)}</span> <span class="minus">− {tx(tr.negative)}</span></li>
          ))}
        </ul>
      ) : <p class="dim">{t('sheet.no_traits')}</p>}
      <p class="dim">
        {t('sheet.condition')} {tx(body.condition)}
        {body.tagNames.length > 0 && <> · {t('sheet.tags')} <span data-testid="sheet-tags">{body.tagNames.map((n) => tx(n)).join(t('sep'))}</span></>}
      </p>
    </details>
  );
}
