import { useT } from '../i18n.ts';
import type { Text } from '../types.ts';
import { LineChart, type Series } from './LineChart.tsx';

/** The story's end: which ending, the resolution summary, the score over the whole story, and what the player did. */
export function EndingScreen(props: { name: Text | null; summary: Text; tick: number; scores: Series[]; did: Text[] }) {
  const { t, tx } = useT();
  return (
    <div class="ending" data-testid="story-ending">
      <p class="dim">{t('storyline.ended', { tick: props.tick })}</p>
      <h4 data-testid="ending-name">{props.name ? tx(props.name) : t('storyline.ending_unnamed')}</h4>
      <p class="ending-summary">{tx(props.summary)}</p>
      <LineChart title={t('storyline.score')} series={props.scores} yMin={0} yMax={100} testid="ending-score" />
      {props.did.length > 0 && (
        <>
          <h5>{t('storyline.what_you_did')}</h5>
          <ol class="ending-did">
            {props.did.map((d, i) => (
              <li key={i}>{tx(d)}</li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
