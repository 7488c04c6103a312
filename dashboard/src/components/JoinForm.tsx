import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import type { Text } from '../types.ts';
import { Problem } from './Problem.tsx';
import { NO_OWN, type OwnTrait, ownTrait, TraitPicker } from './TraitPicker.tsx';

/** Enter the world: a name, a one-line concept, up to three traits, a starting place. */
export function JoinForm(props: { onJoined: (s: { actorId: string; token: string }) => void }) {
  const { t, tx, lang } = useT();
  const { world, places } = useWorldCtx();
  const top = [...places.values()].filter((p) => !p.parent);
  const [name, setName] = useState('');
  const [concept, setConcept] = useState('');
  const [place, setPlace] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [own, setOwn] = useState<OwnTrait>(NO_OWN);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Text | string | null>(null);
  const submit = async (ev: Event) => {
    ev.preventDefault();
    const where = place || top[0]?.id;
    if (!name.trim() || !where) return setError('player.need_name');
    const mine = ownTrait(own);
    if (mine && (!mine.positive || !mine.negative)) return setError('traits.need_aspects');
    setBusy(true);
    setError(null);
    try {
      props.onJoined(
        await api.join(world, {
          name: name.trim(),
          concept: concept.trim(),
          place: where,
          lang,
          traits: [...picked, ...(mine ? [mine] : [])],
        }),
      );
    } catch (e) {
      setError(e instanceof ApiError && e.text ? e.text : 'failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="join" onSubmit={submit} data-testid="join-form">
      <p class="dim">{t('player.join_intro')}</p>
      <label class="field">
        <span>{t('player.name')}</span>
        <input
          name="name"
          maxLength={40}
          required
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
          placeholder={t('player.name_hint')}
        />
      </label>
      <label class="field">
        <span>{t('player.concept')}</span>
        <input
          name="concept"
          maxLength={200}
          value={concept}
          onInput={(e) => setConcept(e.currentTarget.value)}
          placeholder={t('player.concept_hint')}
        />
      </label>
      <TraitPicker picked={picked} onPick={setPicked} own={own} onOwn={setOwn} />
      <label class="field">
        <span>{t('player.start')}</span>
        <select name="place" value={place || top[0]?.id} onChange={(e) => setPlace(e.currentTarget.value)}>
          {top.map((p) => (
            <option key={p.id} value={p.id}>
              {tx(p.name)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" class="primary" disabled={busy} data-testid="join-submit">
        {t('player.join')}
      </button>
      <Problem error={error} fallback="player.join_failed" />
    </form>
  );
}
