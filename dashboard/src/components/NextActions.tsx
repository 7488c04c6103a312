import { useT } from '../i18n.ts';
import type { PromptMsg } from '../types.ts';

/**
 * The game master's next actions (an action_prompt): each one the Judge would accept now, one click to
 * pick (a check's dice screen or a warning is shown before it is sent: PlayerPanel).
 */
export function NextActions(props: { prompt: PromptMsg | null; busy: boolean; onPick: (a: PromptMsg['actions'][number]) => void }) {
  const { tx } = useT();
  const p = props.prompt;
  if (!p || !p.actions.length) return null;
  return (
    <div class="next-actions" data-testid="next-actions" data-dialog={p.dialog_type}>
      <p class="dim">{tx(p.text)}</p>
      <ul>
        {p.actions.map((a, i) => (
          <li key={i}>
            <button
              type="button"
              disabled={props.busy}
              data-testid="next-action"
              data-check={a.check ? a.check.word : undefined}
              data-warning={a.warning ? 'collapse' : undefined}
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
    </div>
  );
}
