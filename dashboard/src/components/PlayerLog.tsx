import { useT } from '../i18n.ts';
import type { LogLine } from '../types.ts';
import { CallView } from './CallView.tsx';

/**
 * What happened to the player, newest first: their story as the server keeps it (the same after a
 * reload or a restart), and this session's own lines: the calls sent, the narrator's prose, refusals.
 */
export function PlayerLog(props: { lines: LogLine[] }) {
  const { t, tx } = useT();
  if (!props.lines.length) return <p class="empty">{t('player.log_empty')}</p>;
  return (
    <ol class="player-log" data-testid="player-log">
      {props.lines.map((l, i) =>
        l.kind === 'story' ? (
          <li key={`s${l.n}`} class={`pl pl-story pl-${l.story}`} data-kind="story" data-story={l.story} data-n={l.n}>
            <span class="ev-tick">{l.tick}</span>
            <span class="pl-kind">{t(`story.kind.${l.story}`)}</span>
            <p>{l.story === 'rolled' ? <Dice text={tx(l.text)} /> : tx(l.text)}</p>
          </li>
        ) : (
          <li
            key={`l${props.lines.length - i}`}
            class={`pl pl-${l.kind}${l.kind === 'queued' && l.replaced ? ' replaced' : ''}`}
            data-kind={l.kind}
          >
            <span class="ev-tick">{l.tick}</span>
            <span class="pl-kind">{t(l.kind === 'queued' && l.replaced ? 'player.kind.replaced' : `player.kind.${l.kind}`)}</span>
            {l.kind === 'narration' && <p>{tx(l.text)}</p>}
            {l.kind === 'rejection' && <p>{tx(l.text)}</p>}
            {l.kind === 'queued' && <CallView call={l.call} />}
          </li>
        ),
      )}
    </ol>
  );
}

/** A roll's line with the dropped dice (written in brackets by the feed's words) shown struck through, the kept ones plain. */
function Dice(props: { text: string }) {
  const parts = props.text.split(/([(（]\d[)）])/);
  return (
    <>
      {parts.map((p, i) =>
        i % 2 ? (
          <s key={i} class="die-dropped" data-testid="die-dropped">
            {p.replace(/[()（）]/g, '')}
          </s>
        ) : (
          p
        ),
      )}
    </>
  );
}
