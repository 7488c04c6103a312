import { useT } from '../i18n.ts';

/** What the shapes on the map are. */
export function MapLegend() {
  const { t } = useT();
  return (
    <ul class="legend map-legend">
      <li><svg viewBox="-8 -8 16 16"><circle r={6} class="lg-person" /></svg>{t('map.legend.person')}</li>
      <li><svg viewBox="-8 -8 16 16"><circle r={7} class="lg-player" /></svg>{t('map.legend.player')}</li>
      <li><svg viewBox="-8 -8 16 16"><rect x={-5} y={-5} width={10} height={10} transform="rotate(45)" class="lg-thing" /></svg>{t('map.legend.thing')}</li>
      <li><svg viewBox="-8 -8 16 16"><circle r={7} class="lg-place" /></svg>{t('map.legend.place')}</li>
    </ul>
  );
}
