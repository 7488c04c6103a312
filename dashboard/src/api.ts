import { load } from './storage.ts';
import type {
  ActorDetail,
  ActorSummary,
  CatalogView,
  ControlBody,
  ControlReply,
  DraftCall,
  EntityView,
  ErrorReply,
  EventView,
  FactView,
  IntentFound,
  JoinReply,
  Lang,
  Metrics,
  PlaceView,
  PreviewReply,
  StoryPage,
  Text,
  WorldSummary,
  ArgueReply,
  FreeTrait,
} from './types.ts';
import type { LookReply } from '../../adapters/server/protocol-look.ts';
import type { AdminQuest, DirectorReply, QuestLogEntry, SessionReply, StoryOptionView } from './storyTypes.ts';

/** A failed request: the server's `{code, message:{cn,en}}` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly text: Text | null,
  ) {
    super(code);
  }
}

/**
 * Who is looking, for a world that shows itself only to those with a token (`serve --private`):
 * the player's token when this browser plays there, else the admin token when one was typed.
 */
export function viewerToken(world: string): string | undefined {
  return load<{ token?: string } | null>(`player.${world}`, null)?.token || load('admin', '') || undefined;
}

async function request<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const world = /^\/worlds\/([^/]+)/.exec(path)?.[1];
  if (!token && method === 'GET' && world) token = viewerToken(decodeURIComponent(world));
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'network', null);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = data as Partial<ErrorReply> | null;
    throw new ApiError(res.status, err?.code ?? `http_${res.status}`, err?.message ?? null);
  }
  return data as T;
}

const w = (world: string) => `/worlds/${encodeURIComponent(world)}`;
const id = (x: string) => encodeURIComponent(x);

export const api = {
  worlds: () => request<WorldSummary[]>('GET', '/worlds'),
  catalog: (world: string) => request<CatalogView>('GET', `${w(world)}/catalog`),
  places: (world: string) => request<PlaceView[]>('GET', `${w(world)}/places`),
  actors: (world: string) => request<ActorSummary[]>('GET', `${w(world)}/actors`),
  actor: (world: string, actor: string) => request<ActorDetail>('GET', `${w(world)}/actors/${id(actor)}`),
  entities: (world: string) => request<EntityView[]>('GET', `${w(world)}/entities`),
  entity: (world: string, entity: string) => request<EntityView>('GET', `${w(world)}/entities/${id(entity)}`),
  facts: (world: string) => request<FactView[]>('GET', `${w(world)}/facts`),
  fact: (world: string, fact: string) => request<FactView>('GET', `${w(world)}/facts/${id(fact)}`),
  events: (world: string, q: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
    return request<{ events: EventView[]; next: string | null }>('GET', `${w(world)}/events${qs ? `?${qs}` : ''}`);
  },
  metrics: (world: string) => request<Metrics>('GET', `${w(world)}/metrics`),
  control: (world: string, token: string, body: ControlBody) => request<ControlReply>('POST', `${w(world)}/control`, body, token),
  // a private world lets in only whom its admin lets in: the admin token, when one was typed, goes along
  join: (world: string, body: { name: string; concept: string; place: string; lang: Lang; traits: (string | FreeTrait)[] }) =>
    request<JoinReply>('POST', `${w(world)}/players`, body, load('admin', '') || undefined),
  intent: (world: string, actor: string, token: string, body: { text: string; lang: Lang }) =>
    request<IntentFound>('POST', `${w(world)}/players/${id(actor)}/intent`, body, token),
  /** what the player sees around them now (changes nothing, takes no turn) */
  look: (world: string, actor: string, token: string) =>
    request<LookReply>('GET', `${w(world)}/players/${id(actor)}/look`, undefined, token),
  /** `choice`: the ink choice this call takes, when it is one of the story's options */
  act: (world: string, actor: string, token: string, call: DraftCall, choice?: number) =>
    request<{ queuedFor: number }>(
      'POST',
      `${w(world)}/players/${id(actor)}/act`,
      choice === undefined ? { call } : { call, choice },
      token,
    ),
  /** let the next tick go by without a call: a world that waits for its players does not wait for this one */
  pass: (world: string, actor: string, token: string) =>
    request<{ queuedFor: number }>('POST', `${w(world)}/players/${id(actor)}/pass`, {}, token),
  /** the player's story session: where the story stands, its scores, the quest log, the messages */
  session: (world: string, actor: string, token: string) =>
    request<SessionReply>('GET', `${w(world)}/players/${id(actor)}/session?limit=50&memory=0`, undefined, token),
  /** the quests taken by the player, and those offered to them or where they stand */
  questLog: (world: string, actor: string, token: string) =>
    request<{ quests: QuestLogEntry[] }>('GET', `${w(world)}/players/${id(actor)}/quests`, undefined, token),
  /** the story's choices now, each with the call it stands for */
  storyOptions: (world: string, actor: string, token: string) =>
    request<{ options: StoryOptionView[] }>('GET', `${w(world)}/players/${id(actor)}/story/options`, undefined, token),
  takeQuest: (world: string, actor: string, token: string, quest: string) =>
    request<{ queuedFor: number }>('POST', `${w(world)}/players/${id(actor)}/quests/${id(quest)}/take`, {}, token),
  /** the admin's: every quest with its hidden risk and whether each source's claim is true */
  adminQuests: (world: string, token: string) => request<{ quests: AdminQuest[] }>('GET', `${w(world)}/quests`, undefined, token),
  director: (world: string, token: string) => request<DirectorReply>('GET', `${w(world)}/director?last=10`, undefined, token),
  /** the player's story after line `after` (the server keeps it: a reload or a restart reads the same) */
  story: (world: string, actor: string, token: string, after: number, limit = 500) =>
    request<StoryPage>('GET', `${w(world)}/players/${id(actor)}/story?after=${after}&limit=${limit}`, undefined, token),
};

/** The dry run of a call before it is sent: what the Judge would say of it now (adapters/server/routes/preview.ts). */
export const preview = (world: string, actor: string, token: string, call: DraftCall) =>
  request<PreviewReply>('POST', `${w(world)}/players/${id(actor)}/preview`, { call }, token);

/** Argue that one of the player's traits fits a risky call: the verdict and the dice screen as it will be. */
export const argue = (world: string, actor: string, token: string, body: { trait: string; call: DraftCall; words: string }) =>
  request<ArgueReply>('POST', `${w(world)}/players/${id(actor)}/argue`, body, token);

/** Declare one more trait in play, where the world allows it: queued for the Judge, who commits it at the next tick. */
export const declareTrait = (world: string, actor: string, token: string, trait: FreeTrait) =>
  request<{ queuedFor: number }>('POST', `${w(world)}/players/${id(actor)}/traits`, { trait }, token);
