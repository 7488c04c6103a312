import { useState } from 'preact/hooks';
import { callOf, fieldsOf, type Fields, reachable } from '../calls.ts';
import { useNames, useWorldCtx } from '../ctx.ts';
import { renderMessage } from '../format.ts';
import { useT } from '../i18n.ts';
import { TOOLS, type DraftCall, type ToolName } from '../types.ts';

/** Pick one of the five tools and fill in its arguments; starts from an understood call when editing. */
export function ToolForm(props: {
  me: string;
  initial: DraftCall | null;
  onSubmit: (c: DraftCall) => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const { t, tx, lang } = useT();
  const { actors, places, entities, catalog } = useWorldCtx();
  const names = useNames();
  const [tool, setTool] = useState<ToolName>(props.initial?.tool ?? 'express');
  const [f, setF] = useState<Fields>(() => fieldsOf(props.initial, (m) => renderMessage(lang, m, names.ref, names.money)));
  const [missing, setMissing] = useState(false);
  const set = (k: string) => (e: { currentTarget: { value: string } }) => setF({ ...f, [k]: e.currentTarget.value });

  // only those in reach: someone elsewhere (or dead) would only be refused a tick later
  const { here, people, things } = reachable(props.me, actors.values(), entities.values());
  const links = places.get(here)?.links ?? [];

  const text = (k: string, hint?: string) => (
    <label class="field" key={k}>
      <span>{t(`args.${k}`)}</span>
      <input name={k} value={f[k] ?? ''} onInput={set(k)} placeholder={hint ? t(hint) : ''} />
    </label>
  );
  const number = (k: string, label = `args.${k}`, hint = '') => (
    <label class="field inline" key={k}>
      <span>{t(label)}</span>
      <input name={k} type="number" min={0} step={1} value={f[k] ?? ''} onInput={set(k)} placeholder={hint} />
    </label>
  );
  // what a select shows before it is touched counts as chosen
  const shown: Fields = {};
  const choice = (k: string, options: [string, string][], blank?: string, onPick?: (v: string) => Fields) => {
    if (blank === undefined && f[k] === undefined && options[0]) shown[k] = options[0][0];
    return (
      <label class="field" key={k}>
        <span>{t(`args.${k}`)}</span>
        <select
          name={k}
          value={f[k] ?? (blank !== undefined ? '' : (options[0]?.[0] ?? ''))}
          onChange={(e) => setF({ ...f, [k]: e.currentTarget.value, ...onPick?.(e.currentTarget.value) })}
        >
          {blank !== undefined && <option value="">{t(blank)}</option>}
          {options.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </label>
    );
  };
  // from the server's catalog when it has one: things one can make, items, purposes the rules know
  const templates = catalog?.templates ?? [];
  const cost = (id: string) => templates.find((x) => x.id === id)?.cost;
  const priced = (name: string, money: number) => (money ? `${name} · ${t('player.price', { money: names.money(money) })}` : name);
  const targets: [string, string][] = [
    ...people.map((a): [string, string] => [a.id, tx(a.name)]),
    ...things.map((e): [string, string] => [e.id, tx(e.name)]),
  ];
  // the world's own words for manners, modes and channels (its vocabulary), from the catalog
  const words = (xs: { id: string; name: { cn: string; en: string } }[] | undefined): [string, string][] =>
    (xs ?? []).map((x) => [x.id, tx(x.name)]);

  const submit = (ev: Event) => {
    ev.preventDefault();
    const filled = { ...shown, ...f };
    // making something costs what the catalog says, unless the player says otherwise
    const c = cost(filled.what ?? '');
    if (tool === 'create' && c && !filled.using_money && !filled.using_energy)
      Object.assign(filled, { using_money: String(c.money), using_energy: String(c.energy) });
    const call = callOf(tool, filled, { manner: catalog?.manners[0]?.id, mode: catalog?.modes[0]?.id, channel: catalog?.channels[0]?.id });
    setMissing(!call);
    if (call) props.onSubmit(call);
  };

  return (
    <form class="tool-form" onSubmit={submit} data-testid="tool-form">
      <div class="tabs tools" role="radiogroup" aria-label={t('player.tool')}>
        {TOOLS.map((x) => (
          <button
            type="button"
            key={x}
            role="radio"
            aria-checked={tool === x}
            class={tool === x ? 'on' : ''}
            data-testid={`tool-${x}`}
            title={t(`tools.${x}.help`)}
            onClick={() => setTool(x)}
          >
            {t(`tools.${x}.name`)}
          </button>
        ))}
      </div>
      <p class="dim">{t(`tools.${tool}.help`)}</p>
      {tool === 'use_resource' && (
        <>
          {choice('resource', [
            ...(['money', 'energy', 'time'] as const).map((x): [string, string] => [x, t(`resources.${x}`)]),
            ['item', t('resources.item_pick')],
          ])}
          {f.resource === 'item' &&
            (catalog?.items.length
              ? choice(
                  'item',
                  catalog.items.map((i): [string, string] => [i.id, priced(tx(i.name), i.price)]),
                )
              : text('item', 'player.item_hint'))}
          {number('amount')}
          {catalog?.purposes.length
            ? choice(
                'purpose',
                catalog.purposes.map((x): [string, string] => [x.id, tx(x.name)]),
              )
            : text('purpose', 'player.purpose_hint')}
          {choice('target', targets, 'player.nobody')}
        </>
      )}
      {tool === 'interact' && (
        <>
          {targets.length ? choice('target', targets) : <p class="problem">{t('player.nobody_here')}</p>}
          {choice('manner', words(catalog?.manners))}
          {text('content', 'player.say_hint')}
        </>
      )}
      {tool === 'move' && (
        <>
          {choice(
            'destination',
            links.map((l): [string, string] => [l.to, names.place(l.to)]),
          )}
          {choice('mode', words(catalog?.modes))}
        </>
      )}
      {tool === 'create' && (
        <>
          {templates.length
            ? choice(
                'what',
                templates.map((x): [string, string] => [x.id, priced(tx(x.name), x.cost.money)]),
                undefined,
                (id) => ({
                  using_money: String(cost(id)?.money ?? ''),
                  using_energy: String(cost(id)?.energy ?? ''),
                }),
              )
            : text('what', 'player.what_hint')}
          {choice(
            'where',
            [here, ...links.map((l) => l.to)].filter(Boolean).map((id): [string, string] => [id, names.place(id)]),
          )}
          <div class="row">
            {number('using_money', 'args.using_money', String(cost(f.what ?? shown.what ?? '')?.money ?? ''))}
            {number('using_energy', 'args.using_energy', String(cost(f.what ?? shown.what ?? '')?.energy ?? ''))}
          </div>
          {choice(
            'about',
            [...actors.values()].map((a): [string, string] => [a.id, tx(a.name)]),
            'player.nobody',
          )}
        </>
      )}
      {tool === 'express' && (
        <>
          {choice('channel', words(catalog?.channels))}
          {text('content', 'player.say_hint')}
        </>
      )}
      {missing && (
        <p class="problem" role="alert">
          {t('player.form_incomplete')}
        </p>
      )}
      <div class="buttons">
        <button type="submit" class="primary" disabled={props.busy} data-testid="form-submit">
          {t('player.send')}
        </button>
        <button type="button" onClick={props.onCancel} data-testid="form-cancel">
          {t('player.cancel')}
        </button>
      </div>
    </form>
  );
}
