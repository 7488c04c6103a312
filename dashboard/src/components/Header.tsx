import { clockOf } from '../../../sim/model/clock.ts';
import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import type { Lang, StatusMsg, WorldSummary } from '../types.ts';
import { LangSwitch } from './LangSwitch.tsx';

export function Header(props: {
  world: WorldSummary | null;
  status: StatusMsg | null;
  tick: number;
  connected: boolean;
  onLang: (l: Lang) => void;
}) {
  const { t, tx } = useT();
  const s = props.status;
  const time = useWorldCtx().catalog?.time;
  const state = !props.connected ? 'offline' : s?.paused ? 'paused' : 'running';
  return (
    <header class="top">
      <h1>{t('title')}</h1>
      <span class="world-name" data-testid="world-name">
        {tx(props.world?.name)}
      </span>
      <span class="tick">
        {t('header.tick')} <b data-testid="tick">{props.tick}</b>
        {time ? (
          <span class="clock dim" data-testid="clock">
            {' '}
            · {t('header.clock', clockOf(props.tick, time))}
          </span>
        ) : null}
      </span>
      <span class={`state state-${state}`} data-testid="run-state">
        {t(`header.${state}`)}
      </span>
      {s && (
        <span class="speed" data-testid="tick-ms">
          {t('header.every', { ms: s.tickMs })}
        </span>
      )}
      {s?.waitingFor?.length ? <span class="waiting">{t('header.waiting', { n: s.waitingFor.length })}</span> : null}
      <LangSwitch onChange={props.onLang} />
    </header>
  );
}
