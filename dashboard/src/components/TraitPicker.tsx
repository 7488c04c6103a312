import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import type { FreeTrait } from '../types.ts';

export const MAX_TRAITS = 3;
export type OwnTrait = { name: string; positive: string; negative: string; helps: string; hinders: string };
export const NO_OWN: OwnTrait = { name: '', positive: '', negative: '', helps: '', hinders: '' };

/** A written trait as the server takes it, or null while it has no name (then it is not sent). */
export function ownTrait(o: OwnTrait): FreeTrait | null {
  if (!o.name.trim()) return null;
  return {
    name: o.name.trim(),
    positive: o.positive.trim(),
    negative: o.negative.trim(),
    helps: o.helps ? [o.helps] : [],
    hinders: o.hinders ? [o.hinders] : [],
  };
}

/**
 * Up to three traits (docs/design.md, Traits and tags): the pack's presets, each with both aspects, and one of one's own:
 * a name, what it is good for, what it costs, and which of the world's risky doings each side fits.
 */
export function TraitPicker(props: { picked: string[]; onPick: (ids: string[]) => void; own: OwnTrait; onOwn: (o: OwnTrait) => void }) {
  const { t, tx } = useT();
  const { catalog } = useWorldCtx();
  const presets = catalog?.traits ?? [];
  const used = props.picked.length + (props.own.name.trim() ? 1 : 0);
  const toggle = (id: string) => props.onPick(props.picked.includes(id) ? props.picked.filter((x) => x !== id) : [...props.picked, id]);
  // the risky doings a side fits, by their names in the player's language
  const wordName = new Map((catalog?.risky ?? []).map((w) => [w.id, w.name]));
  const doings = (ids: string[]) =>
    ids
      .map((id) => wordName.get(id))
      .filter((n) => n !== undefined)
      .map((n) => tx(n))
      .join(t('sep'));
  return (
    <fieldset class="trait-picker" data-testid="trait-picker">
      <legend>{t('traits.pick', { n: used, max: MAX_TRAITS })}</legend>
      {presets.length > 0 && (
        <ul class="traits">
          {presets.map((tr) => {
            const on = props.picked.includes(tr.id);
            const helps = doings(tr.helps);
            const hinders = doings(tr.hinders);
            // one label holds the box, the name and both sides, so a tap anywhere on it ticks this trait
            return (
              <li key={tr.id}>
                <label class="trait" data-trait={tr.id}>
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={!on && used >= MAX_TRAITS}
                    onChange={() => toggle(tr.id)}
                    data-testid={`preset-${tr.id}`}
                  />
                  <span class="trait-text">
                    <b>{tx(tr.name)}</b>
                    <span class="plus" data-testid="trait-helps">
                      + {tx(tr.positive)}
                      {helps && <span class="trait-words"> {t('traits.helps_when', { words: helps })}</span>}
                    </span>
                    <span class="minus" data-testid="trait-hinders">
                      − {tx(tr.negative)}
                      {hinders && <span class="trait-words"> {t('traits.hinders_when', { words: hinders })}</span>}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <details class="own-trait" open={!!props.own.name}>
        <summary>{t('traits.write')}</summary>
        <OwnTraitFields own={props.own} onOwn={props.onOwn} full={used >= MAX_TRAITS} />
      </details>
    </fieldset>
  );
}

/**
 * A trait of one's own, written: its name, what it is good for and what it costs, and which of the
 * world's risky doings each side fits. At join (in TraitPicker) and when declaring one in play.
 * `full`: no room for another, so a name cannot be started.
 */
export function OwnTraitFields(props: { own: OwnTrait; onOwn: (o: OwnTrait) => void; full?: boolean }) {
  const { t, tx } = useT();
  const { catalog } = useWorldCtx();
  const risky = catalog?.risky ?? [];
  const set = (k: keyof OwnTrait) => (e: { currentTarget: { value: string } }) => props.onOwn({ ...props.own, [k]: e.currentTarget.value });
  const words = (k: 'helps' | 'hinders') => (
    <select name={`own-${k}`} value={props.own[k]} onChange={set(k)} data-testid={`own-${k}`}>
      <option value="">{t('traits.none')}</option>
      {risky.map((w) => (
        <option key={w.id} value={w.id}>
          {tx(w.name)}
        </option>
      ))}
    </select>
  );
  return (
    <>
      <label class="field">
        <span>{t('traits.name')}</span>
        <input
          name="own-name"
          maxLength={40}
          value={props.own.name}
          disabled={!props.own.name && props.full}
          onInput={set('name')}
          data-testid="own-name"
        />
      </label>
      <label class="field">
        <span>{t('traits.positive')}</span>
        <input
          name="own-positive"
          maxLength={120}
          value={props.own.positive}
          onInput={set('positive')}
          placeholder={t('traits.positive_hint')}
          data-testid="own-positive"
        />
      </label>
      <label class="field">
        <span>{t('traits.helps')}</span>
        {words('helps')}
      </label>
      <label class="field">
        <span>{t('traits.negative')}</span>
        <input
          name="own-negative"
          maxLength={120}
          value={props.own.negative}
          onInput={set('negative')}
          placeholder={t('traits.negative_hint')}
          data-testid="own-negative"
        />
      </label>
      <label class="field">
        <span>{t('traits.hinders')}</span>
        {words('hinders')}
      </label>
    </>
  );
}
