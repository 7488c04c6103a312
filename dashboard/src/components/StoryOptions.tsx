import { useT } from '../i18n.ts';
import type { StoryOptionView } from '../storyTypes.ts';

/** The story's ink choices now, each a button that acts through the call it stands for. */
export function StoryOptions(props: { options: StoryOptionView[]; busy: boolean; onPick: (a: StoryOptionView) => void }) {
  const { t, tx } = useT();
  if (!props.options.length) return <p class="empty">{t('storyline.no_options')}</p>;
  return (
    <ul class="story-options" data-testid="story-options">
      {props.options.map((a, i) => (
        <li key={a.choice ?? i}>
          <button
            type="button"
            data-testid="story-option"
            data-check={a.check ? a.check.word : undefined}
            data-warning={a.warning ? 'collapse' : undefined}
            disabled={props.busy}
            onClick={() => props.onPick(a)}
          >
            {tx(a.text)}
            {a.warning && (
              <span class="warn" title={tx(a.warning)} data-testid="option-warns">
                {' ⚠'}
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
