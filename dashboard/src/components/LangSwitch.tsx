import type { Lang } from '../types.ts';
import { useT } from '../i18n.ts';

/** Switches every text at once: the UI, names, the feed and narration. */
export function LangSwitch(props: { onChange: (l: Lang) => void }) {
  const { lang, t } = useT();
  const langs: Lang[] = ['cn', 'en'];
  return (
    <div class="lang-switch" role="group" aria-label={t('lang.label')}>
      {langs.map((l) => (
        <button
          type="button"
          key={l}
          data-testid={`lang-${l}`}
          aria-pressed={lang === l}
          class={lang === l ? 'on' : ''}
          onClick={() => props.onChange(l)}
        >
          {t(`lang.${l}`)}
        </button>
      ))}
    </div>
  );
}
