import { useT } from '../i18n.ts';
import type { PlayerLine } from '../types.ts';
import { CallView } from './CallView.tsx';

/** What happened to the player, newest first: narration, rejections with their reason, what they perceive. */
export function PlayerLog(props: { lines: PlayerLine[] }) {
  const { t, tx } = useT();
  if (!props.lines.length) return <p class="empty">{t('player.log_empty')}</p>;
  return (
    <ol class="player-log" data-testid="player-log">
      {props.lines.map((l, i) => (
        <li key={props.lines.length - i} class={`pl pl-${l.kind}`} data-kind={l.kind}>
          <span class="ev-tick">{l.tick}</span>
          <span class="pl-kind">{t(`player.kind.${l.kind}`)}</span>
          {l.kind === 'narration' && <p>{tx(l.text)}</p>}
          {l.kind === 'rejection' && <p>{tx(l.text)}</p>}
          {l.kind === 'perceived' && <ul>{l.lines.map((x, k) => <li key={k}>{tx(x)}</li>)}</ul>}
          {l.kind === 'queued' && <CallView call={l.call} />}
        </li>
      ))}
    </ol>
  );
}
