import { useEffect, useState } from 'preact/hooks';
import { preview as previewCall } from '../api.ts';
import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { load } from '../storage.ts';
import type { ActorDetail, CheckView, DraftCall, PreviewReply, Text } from '../types.ts';
import { ArgueTrait, DiceScreen } from './DiceScreen.tsx';
import { CallView } from './CallView.tsx';

/**
 * A call waiting for the player's word. `notFound`: something the words named is not to be had; the card
 * says so instead of offering the call. `choices`: the words fit several calls (whom of those here), one
 * to click; `notUnderstood`: no call was read, with `suggestions` to click (asked as the player's words);
 * `look`: the words asked what is around (nothing to confirm). An offered option clicked (`chosen`) brings
 * its story `choice`, its dice screen and its warning, shown before it is sent; a call from the form brings only the call.
 */
export type Understood = {
  call: DraftCall;
  understood?: Text;
  notFound?: Text;
  choices?: { call: DraftCall; understood: Text }[];
  notUnderstood?: Text;
  suggestions?: Text[];
  look?: boolean;
  chosen?: boolean;
  choice?: number;
  check?: CheckView;
  warning?: Text;
};

/** Ticks between two previews of the same call: the world moves on, and the card should too (within the rate limit). */
const FRESH_TICKS = 5;

/** The dry run of the understood call, asked again when the card shows another call and as the world moves on. */
function usePreview(pending: Understood | null): PreviewReply | null {
  const { world, tick } = useWorldCtx();
  const [reply, setReply] = useState<PreviewReply | null>(null);
  useEffect(() => setReply(null), [pending]);
  useEffect(() => {
    const session = load<{ actorId: string; token: string } | null>(`player.${world}`, null);
    if (!pending || pending.notFound || pending.notUnderstood || pending.choices || pending.look || !session) return;
    let live = true;
    // a preview that fails (rate limit, a restart) only leaves the card without one
    previewCall(world, session.actorId, session.token, pending.call).then(
      (r) => {
        if (live) setReply(r);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [pending, world, Math.floor(tick / FRESH_TICKS)]);
  return reply;
}

/** Say what you do in your own words; see how it was understood and what would come of it now; confirm, edit, or drop it. */
export function IntentBox(props: {
  busy: boolean;
  disabled: boolean;
  pending: Understood | null;
  /** the player's traits, to argue one of them at a check */
  traits: ActorDetail['traits'];
  /** counts the calls sent: the words are cleared after each */
  sent: number;
  onAsk: (text: string) => void;
  onConfirm: () => void;
  onEdit: () => void;
  onDrop: () => void;
  onForm: () => void;
  /** one of the calls the words fit, clicked */
  onChoose?: (c: { call: DraftCall; understood: Text }) => void;
}) {
  const { t, tx } = useT();
  const [text, setText] = useState('');
  const preview = usePreview(props.pending);
  // the check as revised by an argued trait, until the card shows another call
  const [revised, setRevised] = useState<CheckView | null>(null);
  useEffect(() => setRevised(null), [props.pending]);
  const check = revised ?? preview?.check ?? props.pending?.check;
  const warning = props.pending?.warning ?? preview?.warning;
  useEffect(() => setText(''), [props.sent]);
  const ask = (ev: Event) => {
    ev.preventDefault();
    if (text.trim()) props.onAsk(text.trim());
  };
  const missing = props.pending?.notFound;
  const unread = props.pending?.notUnderstood;
  const choices = props.pending?.choices;
  // nothing to confirm: a not-found, a not-understood, a choice still to make, a look around
  const nothing = !!(missing || unread || choices || props.pending?.look);
  return (
    <div class="intent">
      <form onSubmit={ask}>
        <label class="field">
          <span>{t('player.what_now')}</span>
          <textarea
            name="intent"
            rows={2}
            maxLength={500}
            value={text}
            placeholder={t('player.intent_hint')}
            data-testid="intent-text"
            onInput={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) ask(e);
            }}
          />
        </label>
        <div class="buttons">
          <button type="submit" class="primary" disabled={props.busy || props.disabled || !text.trim()} data-testid="intent-submit">
            {t('player.understand')}
          </button>
          <button type="button" disabled={props.disabled} onClick={props.onForm} data-testid="open-form">
            {t('player.use_form')}
          </button>
        </div>
      </form>
      {props.pending && (
        <div class="understood" data-testid="understood">
          {missing ? (
            <p class="problem" role="alert" data-testid="not-found">
              {tx(missing)}
            </p>
          ) : unread ? (
            <>
              <p class="problem" role="alert" data-testid="not-understood">
                {tx(unread)}
              </p>
              <div class="buttons">
                {(props.pending.suggestions ?? []).map((x) => (
                  <button
                    key={tx(x)}
                    type="button"
                    class="link"
                    disabled={props.busy}
                    onClick={() => props.onAsk(tx(x))}
                    data-testid="intent-suggestion"
                  >
                    {tx(x)}
                  </button>
                ))}
              </div>
            </>
          ) : choices ? (
            <>
              {props.pending.understood && <p>{tx(props.pending.understood)}</p>}
              <div class="buttons">
                {choices.map((c) => (
                  <button
                    key={JSON.stringify(c.call)}
                    type="button"
                    disabled={props.busy}
                    onClick={() => props.onChoose?.(c)}
                    data-testid="intent-choice"
                  >
                    {tx(c.understood)}
                  </button>
                ))}
              </div>
            </>
          ) : props.pending.look ? (
            <p data-testid="intent-look">{props.pending.understood && tx(props.pending.understood)}</p>
          ) : (
            <>
              {props.pending.understood && (
                <p>
                  <b>{t(props.pending.chosen ? 'player.chosen' : 'player.understood')}</b> {tx(props.pending.understood)}
                </p>
              )}
              <CallView call={props.pending.call} />
              {preview && (
                <p class={preview.ok ? 'preview' : 'preview problem'} data-testid="preview">
                  {tx(preview.text)}
                  {preview.hint && (
                    <>
                      {' '}
                      <span data-testid="preview-hint">{tx(preview.hint)}</span>
                    </>
                  )}
                </p>
              )}
              {warning && (
                <p class="problem" role="alert" data-testid="option-warning">
                  {tx(warning)}
                </p>
              )}
              {check && <DiceScreen check={check} />}
              {check && preview?.ok && (
                <ArgueTrait
                  key={JSON.stringify(props.pending.call)}
                  traits={props.traits}
                  call={props.pending.call}
                  onRevised={setRevised}
                />
              )}
            </>
          )}
          <div class="buttons">
            {!nothing && (
              <button type="button" class="primary" disabled={props.busy} onClick={props.onConfirm} data-testid="intent-confirm">
                {t('player.confirm')}
              </button>
            )}
            <button type="button" onClick={props.onEdit} data-testid="intent-edit">
              {t('player.edit')}
            </button>
            <button type="button" onClick={props.onDrop}>
              {t('player.cancel')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
