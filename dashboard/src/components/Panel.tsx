import type { ComponentChildren } from 'preact';
import { useT } from '../i18n.ts';

/** A titled box of the layout; `area` names its place in the grid. */
export function Panel(props: {
  area: string;
  title: string;
  testid?: string;
  /** more classes, e.g. a state of the layout */ extra?: string;
  actions?: ComponentChildren;
  children: ComponentChildren;
}) {
  const { t } = useT();
  return (
    <section
      class={`panel area-${props.area}${props.extra ? ` ${props.extra}` : ''}`}
      data-testid={props.testid}
      aria-label={t(props.title)}
    >
      <header class="panel-head">
        <h2>{t(props.title)}</h2>
        {props.actions}
      </header>
      <div class="panel-body">{props.children}</div>
    </section>
  );
}
