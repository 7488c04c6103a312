import { useT } from '../i18n.ts';
import type { NoticedView } from '../types.ts';

/**
 * What the player notices around them: what others did at their place over the last few ticks there
 * (the server keeps the window, so a reload shows it too); what was said to them stays in the story.
 * The box keeps one height, its lines scrolling inside it: it stands above the player's controls, and
 * a box that grew and shrank with every tick moved them under the player's finger.
 */
export function Perceived(props: { lines: NoticedView[] }) {
  const { t, tx } = useT();
  const newest = [...props.lines].reverse();
  return (
    <div class="perceived" data-testid="perceived">
      <h4>{newest.length ? t('player.notice', { tick: newest[0].tick }) : t('player.notice_none')}</h4>
      <ul>
        {newest.map((l, i) => (
          <li key={`${l.tick}.${i}`}>
            <span class="ev-tick">{l.tick}</span> {tx(l.text)}
          </li>
        ))}
      </ul>
    </div>
  );
}
