import { useT } from '../i18n.ts';

/** What the shapes on the map are, and how to move it. */
export function MapLegend() {
  const { t } = useT();
  return (
    <ul class="legend map-legend">
      <li>
        <svg viewBox="-8 -8 16 16">
          <circle r={4} class="lg-person" />
        </svg>
        {t('map.legend.person')}
      </li>
      <li>
        <svg viewBox="-8 -8 16 16">
          <circle r={7} class="lg-halo" />
          <circle r={4} class="lg-player" />
        </svg>
        {t('map.legend.me')}
      </li>
      <li>
        <svg viewBox="-8 -8 16 16">
          <circle r={4} class="lg-player" />
        </svg>
        {t('map.legend.player')}
      </li>
      <li>
        <svg viewBox="-8 -8 16 16">
          <line x1={-8} y1={0} x2={8} y2={0} class="lg-road" />
          <circle r={4} class="lg-person" />
        </svg>
        {t('map.legend.walking')}
      </li>
      <li>
        <svg viewBox="-8 -8 16 16">
          <rect x={-7} y={-6} width={14} height={10} rx={3} class="lg-bubble" />
        </svg>
        {t('map.legend.speaking')}
      </li>
      <li>
        <svg viewBox="-8 -8 16 16">
          <rect x={-4} y={-4} width={8} height={8} transform="rotate(45)" class="lg-thing" />
        </svg>
        {t('map.legend.thing')}
      </li>
      <li>
        <svg viewBox="-8 -8 16 16">
          <circle r={7} class="lg-place" />
        </svg>
        {t('map.legend.place')}
      </li>
      <li class="map-how" data-testid="map-how">
        {t('map.legend.how')}
      </li>
    </ul>
  );
}
