import { useEffect, useState } from 'preact/hooks';
import { io } from 'socket.io-client';
import { api, ApiError } from '../api.ts';
import { useNames, useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { load, save } from '../storage.ts';
import type { DraftCall, NarrationMsg, PerceivedMsg, PlayerLine, RejectionMsg, Text } from '../types.ts';
import { IntentBox, type Understood } from './IntentBox.tsx';
import { JoinForm } from './JoinForm.tsx';
import { Perceived } from './Perceived.tsx';
import { PlayerLog } from './PlayerLog.tsx';
import { Problem } from './Problem.tsx';
import { ToolForm } from './ToolForm.tsx';

/** `since`: the tick the player joined at, to notice a session the server no longer knows */
type Session = { actorId: string; token: string; since?: number };
const LOG_MAX = 100;

/** Taking part: join, then act in your own words (or with a form), and read what comes of it. */
export function PlayerPanel() {
  const { t, tx, lang } = useT();
  const { world, actors, tick } = useWorldCtx();
  const names = useNames();
  const [session, setSession] = useState<Session | null>(() => load(`player.${world}`, null));
  const [lines, setLines] = useState<PlayerLine[]>([]);
  const [seen, setSeen] = useState<PerceivedMsg | null>(null);
  const [pending, setPending] = useState<Understood | null>(null);
  const [form, setForm] = useState<{ initial: DraftCall | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<Text | string | null>(null);
  const add = (l: PlayerLine) => setLines((ls) => [l, ...ls].slice(0, LOG_MAX));

  useEffect(() => {
    if (!session) return;
    const socket = io({ auth: { world, token: session.token }, transports: ['websocket', 'polling'], forceNew: true });
    socket.on('narration', (m: NarrationMsg) => add({ kind: 'narration', tick: m.tick, text: m.text }));
    socket.on('rejection', (m: RejectionMsg) => add({ kind: 'rejection', tick: m.tick, text: m.reason }));
    socket.on('perceived', (m: PerceivedMsg) => setSeen(m));
    socket.on('error', (e: { message: Text }) => setError(e.message));
    return () => { socket.close(); };
  }, [session?.token]);

  // still not in the world several ticks after joining: the server may have restarted without us
  const missing = !!session && !actors.has(session.actorId) && tick - (session.since ?? tick) > 3;
  useEffect(() => {
    if (!missing || !session) return;
    api.actor(world, session.actorId).catch((e) => {
      if (e instanceof ApiError && e.status === 404) {
        save(`player.${world}`, null);
        setSession(null);
      }
    });
  }, [missing, Math.floor(tick / 5)]);

  if (!world) return null;
  if (!session) {
    return <JoinForm onJoined={(s) => { const x = { ...s, since: tick }; save(`player.${world}`, x); setSession(x); }} />;
  }
  const me = actors.get(session.actorId);
  const failed = (e: unknown) => {
    if (e instanceof ApiError && e.status === 401) {
      // the server no longer knows this session (a restart): start over
      save(`player.${world}`, null);
      setSession(null);
    }
    setError(e instanceof ApiError && e.text ? e.text : 'failed');
  };
  const act = async (call: DraftCall) => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.act(world, session.actorId, session.token, call);
      setLines((ls) => [
        { kind: 'queued' as const, tick: r.queuedFor, call },
        ...ls.map((l) => (l.kind === 'queued' && l.tick === r.queuedFor ? { ...l, replaced: true } : l)),
      ].slice(0, LOG_MAX));
      setSent((n) => n + 1);
      setPending(null);
      setForm(null);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  const ask = async (text: string) => {
    setBusy(true);
    setError(null);
    setForm(null);
    try {
      const r = await api.intent(world, session.actorId, session.token, { text, lang });
      setPending({ call: { tool: r.call.tool, args: r.call.args as Record<string, unknown> }, understood: r.understood });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="player" data-testid="player">
      <p class="me" data-testid="player-status">
        {me ? (
          <>
            <b>{tx(me.name)}</b> · {names.place(me.place)} · {t('resources.money')} {names.money(me.money)} · {t('resources.energy')} {me.energy}
            {me.status !== 'alive' && <> · {t(`status.${me.status}`)}</>}
          </>
        ) : t('player.arriving')}
        <button type="button" class="link leave" onClick={() => { save(`player.${world}`, null); setSession(null); setLines([]); setSeen(null); }}>{t('player.leave')}</button>
      </p>
      {form ? (
        <ToolForm key={JSON.stringify(form.initial)} me={session.actorId} initial={form.initial} busy={busy} onSubmit={act} onCancel={() => setForm(null)} />
      ) : (
        <IntentBox busy={busy} disabled={!me} pending={pending} sent={sent} onAsk={ask}
          onConfirm={() => pending && act(pending.call)} onEdit={() => { setForm({ initial: pending?.call ?? null }); setPending(null); }}
          onDrop={() => setPending(null)} onForm={() => setForm({ initial: null })} />
      )}
      <Problem error={error} fallback="player.act_failed" />
      <Perceived msg={seen} />
      <PlayerLog lines={lines} />
    </div>
  );
}
