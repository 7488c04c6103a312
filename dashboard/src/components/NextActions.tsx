import { useT } from '../i18n.ts';
import type { DraftCall, PromptMsg } from '../types.ts';

/** The game master's next actions (an action_prompt): each one the Judge would accept now, one click to send. */
export function NextActions(props: { prompt: PromptMsg | null; busy: boolean; onPick: (call: DraftCall) => void }) {
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
              onClick={() => props.onPick({ tool: a.call.tool as DraftCall['tool'], args: a.call.args })}
            >
              {tx(a.text)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
