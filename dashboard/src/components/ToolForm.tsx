import { useState } from 'preact/hooks';
import { useNames, useWorldCtx } from '../ctx.ts';
import { renderMessage } from '../format.ts';
import { useT } from '../i18n.ts';
import { CHANNELS, MANNERS, TOOLS, TRAVEL_MODES, type DraftCall, type ToolName } from '../types.ts';

type Fields = Record<string, string>;

/** The form's text fields from a call (so an understood call can be edited). */
function fieldsOf(call: DraftCall | null, lang: 'cn' | 'en', name: (id: string) => string): Fields {
  const f: Fields = {};
  if (!call) return f;
  for (const [k, v] of Object.entries(call.args)) {
    if (k === 'using' && v && typeof v === 'object') {
      for (const [r, n] of Object.entries(v as Record<string, number>)) f[`using_${r}`] = String(n);
    } else if (k === 'resource' && typeof v === 'string' && v.startsWith('item:')) {
      f.resource = 'item';
      f.item = v.slice(5);
    } else if (v && typeof v === 'object') f[k] = renderMessage(lang, v, name);
    else if (v !== undefined && v !== null) f[k] = String(v);
  }
  return f;
}

const int = (s: string | undefined) => (s && /^\d+$/.test(s.trim()) ? Number(s) : undefined);

/** The call from the form, or null when something it needs is missing. */
function callOf(tool: ToolName, f: Fields): DraftCall | null {
  const need = (...ks: string[]) => ks.every((k) => (f[k] ?? '').trim() !== '');
  switch (tool) {
    case 'use_resource': {
      const resource = f.resource === 'item' ? (f.item?.trim() ? `item:${f.item.trim().replace(/\s+/g, '_')}` : '') : f.resource || 'money';
      const amount = int(f.amount);
      if (!resource || !amount || !need('purpose')) return null;
      return { tool, args: { resource, amount, purpose: f.purpose.trim(), ...(f.target ? { target: f.target } : {}) } };
    }
    case 'interact':
      if (!need('target', 'content')) return null;
      return { tool, args: { target: f.target, manner: f.manner || 'friendly', content: { text: f.content.trim() } } };
    case 'move':
      if (!need('destination')) return null;
      return { tool, args: { destination: f.destination, mode: f.mode || 'walk' } };
    case 'create': {
      if (!need('what', 'where')) return null;
      const using: Record<string, number> = {};
      for (const r of ['money', 'energy']) if (int(f[`using_${r}`]) !== undefined) using[r] = int(f[`using_${r}`])!;
      return { tool, args: { what: f.what.trim(), where: f.where, using, ...(f.about ? { about: f.about } : {}) } };
    }
    case 'express':
      if (!need('content')) return null;
      return { tool, args: { channel: f.channel || 'self_talk', content: { text: f.content.trim() } } };
  }
}

/** Pick one of the five tools and fill in its arguments; starts from an understood call when editing. */
export function ToolForm(props: { me: string; initial: DraftCall | null; onSubmit: (c: DraftCall) => void; onCancel: () => void; busy: boolean }) {
  const { t, tx, lang } = useT();
  const { actors, places, entities } = useWorldCtx();
  const names = useNames();
  const [tool, setTool] = useState<ToolName>(props.initial?.tool ?? 'express');
  const [f, setF] = useState<Fields>(() => fieldsOf(props.initial, lang, names.any));
  const [missing, setMissing] = useState(false);
  const set = (k: string) => (e: { currentTarget: { value: string } }) => setF({ ...f, [k]: e.currentTarget.value });

  const here = actors.get(props.me)?.place ?? '';
  const people = [...actors.values()].filter((a) => a.place === here && a.id !== props.me);
  const things = [...entities.values()].filter((e) => e.location === here);
  const links = places.get(here)?.links ?? [];

  const text = (k: string, hint?: string) => (
    <label class="field" key={k}>
      <span>{t(`args.${k}`)}</span>
      <input name={k} value={f[k] ?? ''} onInput={set(k)} placeholder={hint ? t(hint) : ''} />
    </label>
  );
  const number = (k: string, label = `args.${k}`) => (
    <label class="field inline" key={k}>
      <span>{t(label)}</span>
      <input name={k} type="number" min={0} step={1} value={f[k] ?? ''} onInput={set(k)} />
    </label>
  );
  const choice = (k: string, options: [string, string][], blank?: string) => (
    <label class="field" key={k}>
      <span>{t(`args.${k}`)}</span>
      <select name={k} value={f[k] ?? (blank !== undefined ? '' : options[0]?.[0] ?? '')} onChange={set(k)}>
        {blank !== undefined && <option value="">{t(blank)}</option>}
        {options.map(([v, label]) => <option key={v} value={v}>{label}</option>)}
      </select>
    </label>
  );
  const targets: [string, string][] = [...people.map((a): [string, string] => [a.id, tx(a.name)]), ...things.map((e): [string, string] => [e.id, tx(e.name)])];
  const terms = (group: string, xs: readonly string[]): [string, string][] => xs.map((x) => [x, t(`${group}.${x}`)]);

  const submit = (ev: Event) => {
    ev.preventDefault();
    // a select left on its first option counts as chosen
    const filled = { ...f };
    if (tool === 'interact' && !filled.target && targets[0]) filled.target = targets[0][0];
    if (tool === 'move' && !filled.destination && links[0]) filled.destination = links[0].to;
    if (tool === 'create' && !filled.where) filled.where = here;
    const call = callOf(tool, filled);
    setMissing(!call);
    if (call) props.onSubmit(call);
  };

  return (
    <form class="tool-form" onSubmit={submit} data-testid="tool-form">
      <div class="tabs tools" role="radiogroup" aria-label={t('player.tool')}>
        {TOOLS.map((x) => (
          <button type="button" key={x} role="radio" aria-checked={tool === x} class={tool === x ? 'on' : ''} data-testid={`tool-${x}`} title={t(`tools.${x}.help`)} onClick={() => setTool(x)}>
            {t(`tools.${x}.name`)}
          </button>
        ))}
      </div>
      <p class="dim">{t(`tools.${tool}.help`)}</p>
      {tool === 'use_resource' && <>
        {choice('resource', [...terms('resources', ['money', 'energy', 'time']), ['item', t('resources.item_pick')]])}
        {f.resource === 'item' && text('item', 'player.item_hint')}
        {number('amount')}
        {text('purpose', 'player.purpose_hint')}
        {choice('target', targets, 'player.nobody')}
      </>}
      {tool === 'interact' && <>
        {targets.length ? choice('target', targets) : <p class="problem">{t('player.nobody_here')}</p>}
        {choice('manner', terms('manners', MANNERS))}
        {text('content', 'player.say_hint')}
      </>}
      {tool === 'move' && <>
        {choice('destination', links.map((l): [string, string] => [l.to, names.place(l.to)]))}
        {choice('mode', terms('modes', TRAVEL_MODES))}
      </>}
      {tool === 'create' && <>
        {text('what', 'player.what_hint')}
        {choice('where', [here, ...links.map((l) => l.to)].filter(Boolean).map((id): [string, string] => [id, names.place(id)]))}
        <div class="row">{number('using_money', 'args.using_money')}{number('using_energy', 'args.using_energy')}</div>
        {choice('about', [...actors.values()].map((a): [string, string] => [a.id, tx(a.name)]), 'player.nobody')}
      </>}
      {tool === 'express' && <>
        {choice('channel', terms('channels', CHANNELS))}
        {text('content', 'player.say_hint')}
      </>}
      {missing && <p class="problem" role="alert">{t('player.form_incomplete')}</p>}
      <div class="buttons">
        <button type="submit" class="primary" disabled={props.busy} data-testid="form-submit">{t('player.send')}</button>
        <button type="button" onClick={props.onCancel}>{t('player.cancel')}</button>
      </div>
    </form>
  );
}
