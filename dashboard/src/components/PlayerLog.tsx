import { useT } from '../i18n.ts';
import type { PlayerLine } from '../types.ts';
import { CallView } from './CallView.tsx';

/** What happened to the player, newest first: narration, rejections with their reason, the calls sent. */
export function PlayerLog(props: { lines: PlayerLine[] }) {
  const { t, tx } = useT();
  if (!props.lines.length) return <p class="empty">{t('player.log_empty')}</p>;
  return (
    <ol class="player-log" data-testid="player-log">
      {props.lines.map((l, i) => (
        <li key={props.lines.length - i} class={`pl pl-${l.kind}${l.kind === 'queued' && l.replaced ? ' replaced' : ''}`} data-kind={l.kind}>
          <span class="ev-tick">{l.tick}</span>
          <span class="pl-kind">{t(l.kind === 'queued' && l.replaced ? 'player.kind.replaced' : `player.kind.${l.kind}`)}</span>
          {l.kind === 'narration' && <p>{tx(l.text)}</p>}
          {l.kind === 'rejection' && <p>{tx(l.text)}</p>}
          {l.kind === 'queued' && <CallView call={l.call} />}
        </li>
      ))}
    </ol>
  );
}
