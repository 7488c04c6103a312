import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import type { SessionReply, StoryOptionView } from '../storyTypes.ts';
import type { Text } from '../types.ts';
import { EndingScreen } from './EndingScreen.tsx';
import { LineChart } from './LineChart.tsx';
import { StoryOptions } from './StoryOptions.tsx';

/** the last things the game master said came of the player's acts, oldest first */
const DID_MAX = 12;

/**
 * The player's story: its chapter and situation by name, the ink choices as buttons, the situation's
 * score over time; once it has ended, the ending screen instead.
 */
export function StoryPanel(props: {
  reply: SessionReply | null;
  options: StoryOptionView[];
  busy: boolean;
  onPick: (a: StoryOptionView) => void;
}) {
  const { t, tx } = useT();
  const { catalog } = useWorldCtx();
  const s = props.reply?.session;
  const story = catalog?.story;
  if (!s || !story) return null;
  // the words the world backs for this player now (the session's): none backed, none shown
  const chapter = s.words.chapter;
  const situation = s.words.situation;
  const scores = [
    { label: t('storyline.score'), cls: 'score', points: props.reply!.situations.map((x) => [x.tick, x.score] as [number, number]) },
  ];
  const last = props.reply!.situations[props.reply!.situations.length - 1];
  if (s.ended) {
    const ending = story.endings.find((e) => e.id === s.ended!.ending) ?? null;
    const did = props.reply!.messages.items.flatMap((m) => (m.kind === 'narration' && 'text' in m ? [m.text as Text] : [])).slice(-DID_MAX);
    return (
      <section class="story" data-testid="story" aria-label={tx(story.title)}>
        <h3>{tx(story.title)}</h3>
        <EndingScreen name={s.ended.name ?? ending?.name ?? null} summary={s.ended.summary} tick={s.ended.tick} scores={scores} did={did} />
      </section>
    );
  }
  return (
    <section class="story" data-testid="story" aria-label={tx(story.title)}>
      <h3>{tx(story.title)}</h3>
      <p data-testid="story-chapter">
        <span class="dim">{t('storyline.chapter')}</span> <b>{chapter ? tx(chapter) : t('storyline.unnamed')}</b>
      </p>
      <p data-testid="story-situation">
        <span class="dim">{t('storyline.situation')}</span> {situation ? tx(situation) : t('storyline.unnamed')}
      </p>
      <StoryOptions options={props.options} busy={props.busy} onPick={props.onPick} />
      {props.reply!.situations.length > 1 && (
        <LineChart title={t('storyline.score')} series={scores} yMin={0} yMax={100} testid="story-score" />
      )}
      {last && (
        <p class="dim" data-testid="story-score-now">
          {t('storyline.score_now', { score: Math.round(last.score) })}
        </p>
      )}
    </section>
  );
}
