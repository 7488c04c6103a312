import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { ActorInspector } from './ActorInspector.tsx';
import { EntityInspector } from './EntityInspector.tsx';
import { FactInspector } from './FactInspector.tsx';
import { PlaceInspector } from './PlaceInspector.tsx';

/** Whatever was picked on the map, in the feed, in a list or in the relationship network. */
export function Inspector() {
  const { t } = useT();
  const { selected, select } = useWorldCtx();
  if (!selected)
    return (
      <p class="empty" data-testid="inspector-empty">
        {t('inspector.hint')}
      </p>
    );
  return (
    <div class="inspector" data-testid={`inspector-${selected.kind}`}>
      <button type="button" class="close" aria-label={t('inspector.close')} onClick={() => select(null)}>
        ×
      </button>
      {selected.kind === 'actor' && <ActorInspector id={selected.id} />}
      {selected.kind === 'entity' && <EntityInspector id={selected.id} />}
      {selected.kind === 'fact' && <FactInspector id={selected.id} />}
      {selected.kind === 'place' && <PlaceInspector id={selected.id} />}
    </div>
  );
}
