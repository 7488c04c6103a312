import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { load, save } from '../storage.ts';
import type { StatusMsg, Text } from '../types.ts';

type Action = 'pause' | 'resume' | 'step' | 'speed' | 'close_joining' | 'open_joining';

/** Pause, resume, step, speed, close and open joining: for the admin, with the token the server printed at start. */
export function Controls(props: { status: StatusMsg | null; onStatus: (s: Partial<StatusMsg>) => void }) {
  const { t, tx } = useT();
  const { world } = useWorldCtx();
  const [token, setToken] = useState(() => load('admin', ''));
  const [ms, setMs] = useState('');
  const [problem, setProblem] = useState<{ text: Text | null; key: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = async (action: Action) => {
    setProblem(null);
    setDone(null);
    const tickMs = Number(ms);
    if (action === 'speed' && !(Number.isInteger(tickMs) && tickMs >= 10)) {
      setProblem({ text: null, key: 'controls.bad_speed' });
      return;
    }
    try {
      const r = await api.control(world, token.trim(), action === 'speed' ? { action, tickMs } : { action });
      props.onStatus(r);
      setDone(action);
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      setProblem({ text: err?.text ?? null, key: err?.status === 401 || err?.status === 403 ? 'controls.denied' : 'error.server' });
    }
  };

  const paused = props.status?.paused;
  const joining = props.status?.joining;
  return (
    <div class="controls" data-testid="controls">
      <label class="field">
        <span>{t('controls.token')}</span>
        <input
          type="password"
          autocomplete="off"
          value={token}
          placeholder={t('controls.token_hint')}
          data-testid="admin-token"
          onInput={(e) => {
            setToken(e.currentTarget.value);
            save('admin', e.currentTarget.value);
            setProblem(null);
            setDone(null);
          }}
        />
      </label>
      <div class="buttons">
        <button type="button" disabled={!token || paused === true} onClick={() => run('pause')} data-testid="ctl-pause">
          {t('controls.pause')}
        </button>
        <button type="button" disabled={!token || paused === false} onClick={() => run('resume')} data-testid="ctl-resume">
          {t('controls.resume')}
        </button>
        <button type="button" disabled={!token} onClick={() => run('step')} data-testid="ctl-step">
          {t('controls.step')}
        </button>
      </div>
      <div class="buttons">
        <button
          type="button"
          disabled={!token || joining === 'closed'}
          onClick={() => run('close_joining')}
          data-testid="ctl-close-joining"
        >
          {t('controls.close_joining')}
        </button>
        <button type="button" disabled={!token || joining === 'open'} onClick={() => run('open_joining')} data-testid="ctl-open-joining">
          {t('controls.open_joining')}
        </button>
      </div>
      <div class="buttons">
        <label class="field inline">
          <span>{t('controls.tick_ms')}</span>
          <input
            type="number"
            min={10}
            step={50}
            value={ms}
            data-testid="ctl-tick-ms"
            placeholder={String(props.status?.tickMs ?? '')}
            onInput={(e) => setMs(e.currentTarget.value)}
          />
        </label>
        <button type="button" disabled={!token} onClick={() => run('speed')} data-testid="ctl-speed">
          {t('controls.speed')}
        </button>
      </div>
      {problem && (
        <p class="problem" role="alert">
          {problem.text ? tx(problem.text) : t(problem.key)}
        </p>
      )}
      {done && <p class="ok">{t(`controls.done.${done}`)}</p>}
    </div>
  );
}
