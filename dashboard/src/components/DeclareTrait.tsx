import { useState } from 'preact/hooks';
import { ApiError, declareTrait } from '../api.ts';
import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { load } from '../storage.ts';
import type { Text } from '../types.ts';
import { Problem } from './Problem.tsx';
import { NO_OWN, type OwnTrait, ownTrait, OwnTraitFields } from './TraitPicker.tsx';

/**
 * Declare a new trait in play (docs/design.md, Traits and tags), where the world allows it: written as at join, sent to the
 * server, and judged at the next tick; `onQueued` gets that tick, so the sheet can look again then.
 */
export function DeclareTrait(props: { onQueued: (tick: number) => void }) {
  const { t } = useT();
  const { world } = useWorldCtx();
  const [own, setOwn] = useState<OwnTrait>(NO_OWN);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<Text | string | null>(null);
  const send = async (ev: Event) => {
    ev.preventDefault();
    const session = load<{ actorId: string; token: string } | null>(`player.${world}`, null);
    const mine = ownTrait(own);
    if (!session || !mine) return;
    if (!mine.positive || !mine.negative) return setError('traits.need_aspects');
    setBusy(true);
    setError(null);
    setSent(false);
    try {
      const r = await declareTrait(world, session.actorId, session.token, mine);
      setOwn(NO_OWN);
      setSent(true);
      props.onQueued(r.queuedFor);
    } catch (e) {
      setError(e instanceof ApiError && e.text ? e.text : 'failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <details class="own-trait declare" data-testid="declare-trait">
      <summary>{t('sheet.declare')}</summary>
      <form onSubmit={send}>
        <p class="dim">{t('sheet.declare_intro')}</p>
        <OwnTraitFields own={own} onOwn={setOwn} />
        <button type="submit" disabled={busy || !own.name.trim()} data-testid="declare-submit">
          {t('sheet.declare_send')}
        </button>
        {sent && (
          <p class="preview" data-testid="declare-sent">
            {t('sheet.declare_sent')}
          </p>
        )}
        <Problem error={error} fallback="sheet.declare_failed" />
      </form>
    </details>
  );
}
