import { useNames } from '../ctx.ts';
import { renderMessage } from '../format.ts';
import { useT } from '../i18n.ts';

const NAMED = new Set(['target', 'destination', 'where', 'about']);
const WORDS: Record<string, 'manners' | 'modes' | 'channels'> = { manner: 'manners', mode: 'modes', channel: 'channels' };

/** A tool call, readable: the tool's name, then each argument with its label, names instead of ids. */
export function CallView(props: { call: { tool: string; args?: unknown } | unknown }) {
  const { t, lang } = useT();
  const names = useNames();
  const call = props.call as { tool?: string; args?: Record<string, unknown> } | null;
  if (!call || typeof call.tool !== 'string') return <span class="call empty">{t('call.none')}</span>;
  const value = (k: string, v: unknown): string => {
    if (v === undefined || v === null || v === '') return '';
    if (NAMED.has(k) && typeof v === 'string') return names.any(v);
    if (WORDS[k] && typeof v === 'string') return names.word(WORDS[k], v);
    if (k === 'resource' && typeof v === 'string')
      return v.startsWith('item:') ? t('resources.item', { name: names.item(v.slice(5)) }) : t(`resources.${v}`);
    if (k === 'what' && typeof v === 'string') return names.template(v);
    if (k === 'purpose' && typeof v === 'string') return names.purpose(v);
    if (k === 'using' && typeof v === 'object') {
      return (
        Object.entries(v as Record<string, number>)
          .map(([r, n]) => `${t(`resources.${r}`)} ${n}`)
          .join(t('sep')) || t('call.nothing')
      );
    }
    if (typeof v === 'object') return renderMessage(lang, v, names.ref, names.money);
    return String(v);
  };
  const args = Object.entries(call.args ?? {}).filter(([k]) => k !== 'from');
  return (
    <span class="call" data-testid="call-view">
      <b class="call-tool">{t(`tools.${call.tool}.name`)}</b>
      <dl class="call-args">
        {args.map(([k, v]) => (
          <div key={k}>
            <dt>{t(`args.${k}`)}</dt>
            <dd>{value(k, v)}</dd>
          </div>
        ))}
      </dl>
    </span>
  );
}
