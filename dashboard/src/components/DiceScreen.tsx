import { useState } from 'preact/hooks';
import { argue } from '../api.ts';
import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { load } from '../storage.ts';
import type { ActorDetail, ArgueReply, CheckView, DraftCall } from '../types.ts';

/**
 * The dice screen of a risky call (docs/design.md, Dice): what is tried, what moves the dice, the formula and the
 * exact chance of each band. The roll itself is the Judge's, when the call is committed.
 */
export function DiceScreen(props: { check: CheckView }) {
  const { t, tx } = useT();
  const c = props.check;
  return (
    <div class="dice-screen" data-testid="dice-screen">
      <p>
        <b>{t('dice.check', { word: tx(c.name) })}</b> <code data-testid="dice-formula">{c.formula}</code>{' '}
        <span class="dim">{t(`dice.formula.${c.formula.includes('kh') ? 'kh' : c.formula.includes('kl') ? 'kl' : 'plain'}`)}</span>
      </p>
      {c.factors.length > 0 ? (
        <ul class="factors" data-testid="dice-factors">
          {c.factors.map((f, i) => (
            <li key={`${f.id}${i}`} class={f.sign > 0 ? 'plus' : 'minus'}>
              {t(f.sign > 0 ? 'dice.helps' : 'dice.hinders', { name: tx(f.name) })}
            </li>
          ))}
        </ul>
      ) : (
        <p class="dim">{t('dice.no_factors')}</p>
      )}
      <table class="odds" data-testid="dice-odds">
        <tbody>
          {c.odds.map((o) => (
            <tr key={o.band} data-band={o.band}>
              <th>{tx(o.name)}</th>
              <td class="bar">
                <span class={`band-${o.band}`} style={{ width: `${o.percent}%` }} />
              </td>
              <td class="pct">{t('dice.percent', { p: o.percent.toFixed(1) })}</td>
              <td class="dim">{t('dice.count', { count: o.count, of: o.of })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Argue, in one's own words, that one of one's traits fits this check: the rules judge it, and the screen shows the check revised or why not. */
export function ArgueTrait(props: { traits: ActorDetail['traits']; call: DraftCall; onRevised: (c: CheckView) => void }) {
  const { t, tx } = useT();
  const { world } = useWorldCtx();
  const [trait, setTrait] = useState(props.traits[0]?.id ?? '');
  const [words, setWords] = useState('');
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<ArgueReply | null>(null);
  const [failed, setFailed] = useState(false);
  if (!props.traits.length) return <p class="dim">{t('dice.no_traits')}</p>;
  const send = async (ev: Event) => {
    ev.preventDefault();
    const session = load<{ actorId: string; token: string } | null>(`player.${world}`, null);
    if (!session || !words.trim() || !trait) return;
    setBusy(true);
    setFailed(false);
    try {
      const r = await argue(world, session.actorId, session.token, { trait, call: props.call, words: words.trim() });
      setReply(r);
      props.onRevised(r.check);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="argue" onSubmit={send} data-testid="argue">
      <p class="dim">{t('dice.argue_intro')}</p>
      <label class="field">
        <span>{t('dice.trait')}</span>
        <select name="trait" value={trait} onChange={(e) => setTrait(e.currentTarget.value)} data-testid="argue-trait">
          {props.traits.map((tr) => (
            <option key={tr.id} value={tr.id}>
              {tx(tr.name)} (+ {tx(tr.positive)})
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>{t('dice.words')}</span>
        <textarea
          name="words"
          rows={2}
          maxLength={300}
          value={words}
          placeholder={t('dice.words_hint')}
          onInput={(e) => setWords(e.currentTarget.value)}
          data-testid="argue-words"
        />
      </label>
      <button type="submit" disabled={busy || !words.trim()} data-testid="argue-submit">
        {t('dice.argue')}
      </button>
      {reply && (
        <p class={reply.ok ? 'preview' : 'preview problem'} data-testid="argue-verdict" data-ok={String(reply.ok)}>
          {tx(reply.text)}
        </p>
      )}
      {failed && (
        <p class="problem" role="alert">
          {t('dice.argue_failed')}
        </p>
      )}
    </form>
  );
}
