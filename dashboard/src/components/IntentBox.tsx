import { useEffect, useState } from 'preact/hooks';
import { useT } from '../i18n.ts';
import type { DraftCall, Text } from '../types.ts';
import { CallView } from './CallView.tsx';

export type Understood = { call: DraftCall; understood: Text };

/** Say what you do in your own words; see how it was understood; confirm, edit, or drop it. */
export function IntentBox(props: {
  busy: boolean; disabled: boolean; pending: Understood | null;
  /** counts the calls sent: the words are cleared after each */
  sent: number;
  onAsk: (text: string) => void; onConfirm: () => void; onEdit: () => void; onDrop: () => void; onForm: () => void;
}) {
  const { t, tx } = useT();
  const [text, setText] = useState('');
  useEffect(() => setText(''), [props.sent]);
  const ask = (ev: Event) => {
    ev.preventDefault();
    if (text.trim()) props.onAsk(text.trim());
  };
  return (
    <div class="intent">
      <form onSubmit={ask}>
        <label class="field">
          <span>{t('player.what_now')}</span>
          <textarea name="intent" rows={2} maxLength={500} value={text} placeholder={t('player.intent_hint')} data-testid="intent-text"
            onInput={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey) ask(e); }} />
        </label>
        <div class="buttons">
          <button type="submit" class="primary" disabled={props.busy || props.disabled || !text.trim()} data-testid="intent-submit">{t('player.understand')}</button>
          <button type="button" disabled={props.disabled} onClick={props.onForm} data-testid="open-form">{t('player.use_form')}</button>
        </div>
      </form>
      {props.pending && (
        <div class="understood" data-testid="understood">
          <p><b>{t('player.understood')}</b> {tx(props.pending.understood)}</p>
          <CallView call={props.pending.call} />
          <div class="buttons">
            <button type="button" class="primary" disabled={props.busy} onClick={props.onConfirm} data-testid="intent-confirm">{t('player.confirm')}</button>
            <button type="button" onClick={props.onEdit} data-testid="intent-edit">{t('player.edit')}</button>
            <button type="button" onClick={props.onDrop}>{t('player.cancel')}</button>
          </div>
        </div>
      )}
    </div>
  );
}
