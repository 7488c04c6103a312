import { unsupportedMentions } from '../../world-engine/narrator/check.ts';
import { unbackedClaims } from '../judge/claims.ts';
import type { Claim } from '../model/claims.ts';
import type { Event } from '../model/events.ts';
import { LANGS, type Text } from '../model/text.ts';
import type { ToolCall } from '../model/tools.ts';
import type { Catalog } from '../scenario/catalog.ts';
import type { WorldState } from '../state/types.ts';
import { acceptsNow, MAX_ACTIONS, MIN_ACTIONS } from './suggest.ts';

/**
 * The dialog types (docs/design.md, Dialog types): every text a player receives says what kind of text it is, and is held to
 * that kind's constraint. A scene description changes nothing; an
 * action prompt offers two to four next actions the Judge would accept now; a resolution summary
 * tells only committed events; a rule explanation quotes the Judge's own reason and invents none.
 */
export const DIALOG_TYPES = ['scene_description', 'action_prompt', 'resolution_summary', 'rule_explanation'] as const;
export type DialogType = (typeof DIALOG_TYPES)[number];

/** What a constraint is checked against. */
export interface DialogContext {
  cat: Catalog;
  state: WorldState;
  /** resolution_summary: the committed events of the player's call; scene_description: the tick's events */
  events?: Event[];
  /** action_prompt: the actions it offers */
  actions?: ToolCall[];
  /** rule_explanation: the Judge's reason, as the player reads it */
  reason?: Text;
}

/** Why a text breaks its type's constraint (each problem in a few words), or an empty list. */
export function broken(type: DialogType, text: Text, ctx: DialogContext): string[] {
  switch (type) {
    case 'scene_description':
      return LANGS.flatMap((lang) =>
        unbackedClaims({ text: unquoted(text[lang]) }, ctx.events ?? [], ctx.cat, ctx.state)
          .filter((c) => !hearsay(c, ctx.events ?? []))
          .map((c) => `${lang}: claims ${c.kind}`),
      );
    case 'resolution_summary': {
      const events = ctx.events ?? [];
      // what was said, in quotes, is the call's own committed words (and hearsay): telling it claims nothing
      return LANGS.flatMap((lang) =>
        [
          ...unsupportedMentions(unquoted(text[lang]), lang, events, ctx.cat, ctx.state),
          ...unbackedClaims({ text: unquoted(text[lang]) }, events, ctx.cat, ctx.state)
            .filter((c) => !hearsay(c, events))
            .map((c) => `claims ${c.kind}`),
        ].map((x) => `${lang}: ${x}`),
      );
    }
    case 'action_prompt': {
      const actions = ctx.actions ?? [];
      const out = actions.length < MIN_ACTIONS || actions.length > MAX_ACTIONS ? [`${actions.length} actions`] : [];
      return [...out, ...actions.filter((a) => !acceptsNow(ctx.cat, ctx.state, a)).map((a) => `refused now: ${a.tool}`)];
    }
    case 'rule_explanation':
      return LANGS.filter((lang) => !ctx.reason || !text[lang].includes(ctx.reason[lang])).map(
        (lang) => `${lang}: does not quote the rule`,
      );
  }
}

/** A text without what it quotes (“…”, 「…」, "…"): the words someone said, told as theirs. */
const unquoted = (t: string): string => t.replace(/“[^”]*”|「[^」]*」|"[^"]*"/g, '');

/** Whether a claim is one somebody was committed as making (a `claimed` event): a report of hearsay. */
const hearsay = (c: Claim, events: readonly Event[]): boolean =>
  events.some((e) => e.type === 'claimed' && e.kind === c.kind && (c.about.length === 0 || c.about.some((id) => e.about.includes(id))));
