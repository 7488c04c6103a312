import { useT } from '../i18n.ts';
import type { PerceivedMsg } from '../types.ts';

/** What the player notices around them right now (the latest perception; older ones are gone). */
export function Perceived(props: { msg: PerceivedMsg | null }) {
  const { t, tx } = useT();
  if (!props.msg || !props.msg.lines.length) return null;
  return (
    <div class="perceived" data-testid="perceived">
      <h4>{t('player.notice', { tick: props.msg.tick })}</h4>
      <ul>{props.msg.lines.map((l, i) => <li key={i}>{tx(l)}</li>)}</ul>
    </div>
  );
}
