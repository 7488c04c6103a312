import { useEffect, useRef, useState } from 'preact/hooks';
import { io } from 'socket.io-client';
import { api, ApiError, preview } from '../api.ts';
import { useNames, useWorldCtx } from '../ctx.ts';
import { useT } from '../i18n.ts';
import { load, save } from '../storage.ts';
import type {
  ActorDetail,
  CheckView,
  DraftCall,
  LogLine,
  NarrationMsg,
  NoticedView,
  PlayerLine,
  PromptMsg,
  RejectionMsg,
  StoryLineView,
  StoryMsg,
  Text,
} from '../types.ts';
import { NextActions } from './NextActions.tsx';
import { IntentBox, type Understood } from './IntentBox.tsx';
import { JoinForm } from './JoinForm.tsx';
import { Perceived } from './Perceived.tsx';
import { PlayerLog } from './PlayerLog.tsx';
import { Problem } from './Problem.tsx';
import { CharacterSheet } from './CharacterSheet.tsx';
import { ToolForm } from './ToolForm.tsx';
import { QuestLog } from './QuestLog.tsx';
import { StoryPanel } from './StoryPanel.tsx';
import { ScenePanel } from './ScenePanel.tsx';
import type { LookReply } from '../../../adapters/server/protocol-look.ts';
import { useSession } from '../useSession.ts';
import { linesOf } from '../sessionLines.ts';

/** `since`: the tick the player joined at, to notice a session the server no longer knows */
type Session = { actorId: string; token: string; since?: number };
const LOG_MAX = 200;

/** Story lines by their place in the story: what came twice (the socket and a page) is kept once. */
function merge(have: StoryLineView[], more: StoryLineView[]): StoryLineView[] {
  if (!more.length) return have;
  const byN = new Map(have.map((l) => [l.n, l]));
  for (const l of more) byN.set(l.n, l);
  return [...byN.values()].sort((a, b) => a.n - b.n);
}

/** The story (oldest first) and this session's own lines (newest first) as one log, newest first. */
function logOf(story: StoryLineView[], live: PlayerLine[]): LogLine[] {
  const out: LogLine[] = [];
  let i = story.length - 1;
  let j = 0;
  while (out.length < LOG_MAX && (i >= 0 || j < live.length)) {
    if (j < live.length && (i < 0 || live[j].tick >= story[i].tick)) out.push(live[j++]);
    else {
      const l = story[i--];
      out.push({ kind: 'story', tick: l.tick, n: l.n, story: l.kind, text: l.text });
    }
  }
  return out;
}

/** Taking part: join, then act in your own words (or with a form), and read what comes of it. */
export function PlayerPanel() {
  const { t, tx, lang } = useT();
  const { world, actors, tick } = useWorldCtx();
  const names = useNames();
  const [session, setSession] = useState<Session | null>(() => load(`player.${world}`, null));
  const [lines, setLines] = useState<PlayerLine[]>([]);
  const [story, setStory] = useState<StoryLineView[]>([]);
  const [noticed, setNoticed] = useState<NoticedView[]>([]);
  /** the last story line held, so a reconnect asks only for what came after */
  const last = useRef(-1);
  const [pending, setPending] = useState<Understood | null>(null);
  const [form, setForm] = useState<{ initial: DraftCall | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<Text | string | null>(null);
  const [sheet, setSheet] = useState<ActorDetail | null>(null);
  const [prompt, setPrompt] = useState<PromptMsg | null>(null);
  const [scene, setScene] = useState<LookReply | null>(null);
  // the story session and quest log as the server keeps them, read again each tick
  const story2 = useSession(world, session?.actorId ?? null, session?.token ?? null, tick);
  const add = (l: PlayerLine) => setLines((ls) => [l, ...ls].slice(0, LOG_MAX));
  // the turn log the server kept, once per session: what happened and what you will do survive a reload
  const seeded = useRef<string | null>(null);
  useEffect(() => {
    const r = story2.reply;
    if (!r || !session || seeded.current === session.token) return;
    seeded.current = session.token;
    setLines((live) => (live.length ? live : linesOf(r.messages.items, LOG_MAX)));
  }, [story2.reply, session?.token]);

  const forget = () => {
    save(`player.${world}`, null);
    setSession(null);
    setLines([]);
    setStory([]);
    setNoticed([]);
    last.current = -1;
  };
  const keep = (more: StoryLineView[]) => {
    if (more.length) last.current = Math.max(last.current, more[more.length - 1].n);
    setStory((have) => merge(have, more));
  };

  useEffect(() => {
    if (!session) return;
    let live = true;
    last.current = -1;
    setStory([]);
    // the story as the server keeps it, page by page from the last line held: at start and after every reconnect
    const sync = async () => {
      try {
        for (let after = last.current; live;) {
          const page = await api.story(world, session.actorId, session.token, after);
          if (!live) return;
          keep(page.lines);
          setNoticed(page.noticed);
          if (page.next === null) return;
          after = page.next;
        }
      } catch (e) {
        // 404: not in the world yet (the join is committed at the next tick); 401: the server forgot us
        if (live && e instanceof ApiError && e.status === 401) forget();
      }
    };
    const socket = io({ auth: { world, token: session.token }, transports: ['websocket', 'polling'], forceNew: true });
    socket.on('connect', () => {
      void sync();
    });
    socket.on('story', (m: StoryMsg) => {
      // a line missed (the socket was away): fetch from the last one held
      if (m.lines.length && m.lines[0].n > last.current + 1) void sync();
      else keep(m.lines);
      setNoticed(m.noticed);
    });
    socket.on('narration', (m: NarrationMsg) => add({ kind: 'narration', tick: m.tick, text: m.text }));
    socket.on('rejection', (m: RejectionMsg) => add({ kind: 'rejection', tick: m.tick, text: m.reason }));
    socket.on('prompt', (m: PromptMsg) => setPrompt(m));
    socket.on('error', (e: { message: Text }) => setError(e.message));
    return () => {
      live = false;
      socket.close();
    };
  }, [session?.token]);

  // the character sheet: traits, tags and condition as the server holds them, refreshed as the world moves on
  // (every tick while a declared trait waits for the Judge, so it shows as soon as it is committed)
  const here = !!session && actors.has(session.actorId);
  const [declaredAt, setDeclaredAt] = useState<number | null>(null);
  useEffect(() => {
    if (!session || !here) {
      setSheet(null);
      return;
    }
    let live = true;
    api.actor(world, session.actorId).then(
      (d) => {
        if (!live) return;
        setSheet(d);
        if (declaredAt !== null && tick >= declaredAt) setDeclaredAt(null);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [session?.actorId, here, declaredAt === null ? Math.floor(tick / 3) : tick]);

  // still not in the world several ticks after joining: the server may have restarted without us
  const missing = !!session && !actors.has(session.actorId) && tick - (session.since ?? tick) > 3;
  useEffect(() => {
    if (!missing || !session) return;
    api.actor(world, session.actorId).catch((e) => {
      if (e instanceof ApiError && e.status === 404) forget();
    });
  }, [missing, Math.floor(tick / 5)]);

  if (!world) return null;
  if (!session) {
    return (
      <JoinForm
        onJoined={(s) => {
          const x = { ...s, since: tick };
          save(`player.${world}`, x);
          setSession(x);
        }}
      />
    );
  }
  const me = actors.get(session.actorId);
  const failed = (e: unknown) => {
    // the server no longer knows this session (a restart without its data): start over
    if (e instanceof ApiError && e.status === 401) forget();
    setError(e instanceof ApiError && e.text ? e.text : 'failed');
  };
  const act = async (call: DraftCall, choice?: number) => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.act(world, session.actorId, session.token, call, choice);
      setLines((ls) =>
        [
          { kind: 'queued' as const, tick: r.queuedFor, call },
          ...ls.map((l) => (l.kind === 'queued' && l.tick === r.queuedFor ? { ...l, replaced: true } : l)),
        ].slice(0, LOG_MAX),
      );
      setSent((n) => n + 1);
      setPending(null);
      // what was offered is spent once something is sent; the next tick offers anew
      setPrompt(null);
      setForm(null);
      if (choice !== undefined) story2.refresh();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  const pass = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.pass(world, session.actorId, session.token);
      setPrompt(null);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  // an offered option with a check or a warning waits on the card (its dice screen, the warning) for the player's word
  const pick = (call: DraftCall, o: { text: Text; choice?: number; check?: CheckView; warning?: Text }) => {
    if (!o.check && !o.warning) return act(call, o.choice);
    setForm(null);
    setPending({ call, understood: o.text, chosen: true, choice: o.choice, check: o.check, warning: o.warning });
  };
  // a call from the form is previewed first: a check or a warning goes to the card as well
  const fromForm = async (call: DraftCall) => {
    setBusy(true);
    const seen = await preview(world, session.actorId, session.token, call).catch(() => null);
    setBusy(false);
    if (seen?.check || seen?.warning) {
      setForm(null);
      setPending({ call, check: seen.check, warning: seen.warning });
    } else await act(call);
  };
  // looking around takes no turn: the scene of the place now, from the server
  const look = async () => {
    setBusy(true);
    setError(null);
    try {
      setScene(await api.look(world, session.actorId, session.token));
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
      // words that ask to look around ("look around", or the same in Chinese) open the scene, as the button does
      if (r.look === true) {
        setPending(null);
        setBusy(false);
        await look();
        return;
      }
      const draft = (c: typeof r.call): DraftCall => ({ tool: c.tool, args: c.args as Record<string, unknown> });
      setPending({
        call: draft(r.call),
        understood: r.understood,
        notFound: r.notFound,
        choices: r.choices?.map((c) => ({ call: draft(c.call), understood: c.understood })),
        notUnderstood: r.notUnderstood,
        suggestions: r.suggestions,
        look: r.look,
      });
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
            <b>{tx(me.name)}</b>
            {t('player.where_now', { place: names.place(me.place), money: names.money(me.money), energy: me.energy })}
            {me.needs?.length ? (
              <> {t('player.needs_now', { list: me.needs.map((n) => `${tx(n.name)} ${n.level}/${n.max}`).join(t('sep')) })}</>
            ) : null}
            {me.status !== 'alive' && <> {t('player.condition_now', { status: t(`status.${me.status}`) })}</>}
          </>
        ) : (
          t('player.arriving')
        )}
        <button type="button" class="link leave" onClick={forget}>
          {t('player.leave')}
        </button>
      </p>
      {/* what you notice, then what you do and what came of it first: on a phone this panel comes before the map */}
      {me && <Perceived lines={noticed} />}
      {form ? (
        <ToolForm
          key={JSON.stringify(form.initial)}
          me={session.actorId}
          initial={form.initial}
          busy={busy}
          onSubmit={fromForm}
          onCancel={() => setForm(null)}
        />
      ) : (
        <IntentBox
          busy={busy}
          disabled={!me}
          pending={pending}
          sent={sent}
          onAsk={ask}
          traits={sheet?.traits ?? []}
          onConfirm={() => pending && act(pending.call, pending.choice)}
          onEdit={() => {
            setForm({ initial: pending?.call ?? null });
            setPending(null);
          }}
          onDrop={() => setPending(null)}
          onForm={() => setForm({ initial: null })}
          onChoose={(c) => setPending(c)}
        />
      )}
      {!form && !pending && (
        <NextActions
          prompt={prompt && { ...prompt, actions: prompt.actions.filter((x) => x.option === undefined) }}
          busy={busy || !me}
          onPick={(a) => pick({ tool: a.call.tool as DraftCall['tool'], args: a.call.args }, a)}
        />
      )}
      {!form && !pending && me && (
        <button class="pass" disabled={busy} onClick={() => void pass()} title={t('player.pass_hint')}>
          {t('player.pass')}
        </button>
      )}
      {me && (
        <button
          type="button"
          class="look-around"
          data-testid="look-around"
          disabled={busy}
          onClick={() => void look()}
          title={t('scene.look_hint')}
        >
          {t('scene.look')}
        </button>
      )}
      {scene && <ScenePanel scene={scene} busy={busy} onAgain={() => void look()} onClose={() => setScene(null)} />}
      <Problem error={error} fallback="player.act_failed" />
      {/* the ink's choices (also in the action_prompt, with their `choice`) are the story panel's, sent back with it */}
      <StoryPanel
        reply={story2.reply}
        options={story2.options}
        busy={busy || !me}
        onPick={(a) => pick({ tool: a.call.tool as DraftCall['tool'], args: a.call.args }, a)}
      />
      <PlayerLog lines={logOf(story, lines)} />
      <QuestLog world={world} actor={session.actorId} token={session.token} tick={tick} quests={story2.quests} onTaken={story2.refresh} />
      {sheet && <CharacterSheet me={sheet} onDeclared={setDeclaredAt} />}
    </div>
  );
}
