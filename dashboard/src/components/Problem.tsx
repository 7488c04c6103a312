import { useT } from '../i18n.ts';
import type { Text } from '../types.ts';

/** A failure as the server phrased it, or the dashboard's own words for it. */
export function Problem(props: { error: Text | 'failed' | string | null; fallback?: string }) {
  const { t, tx } = useT();
  if (!props.error) return null;
  const text =
    typeof props.error === 'object' ? tx(props.error) : t(props.error === 'failed' ? (props.fallback ?? 'error.server') : props.error);
  return (
    <p class="problem" role="alert">
      {text}
    </p>
  );
}
