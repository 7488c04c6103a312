import { useEffect, useMemo, useState } from 'preact/hooks';
import { Directory } from './components/Directory.tsx';
import { Charts } from './components/Charts.tsx';
import { WorldMap } from './components/WorldMap.tsx';
import { Controls } from './components/Controls.tsx';
import { AdminStory } from './components/AdminStory.tsx';
import { Feed } from './components/Feed.tsx';
import { Header } from './components/Header.tsx';
import { Inspector } from './components/Inspector.tsx';
import { MapLegend } from './components/MapLegend.tsx';
import { Panel } from './components/Panel.tsx';
import { PlayerPanel } from './components/PlayerPanel.tsx';
import { Problem } from './components/Problem.tsx';
import { WorldContext, type WorldCtx } from './ctx.ts';
import { LangContext, pick, translate } from './i18n.ts';
import { load, save } from './storage.ts';
import type { Lang, Selection } from './types.ts';
import { useWorld } from './world.ts';

export function App() {
  const [lang, setLang] = useState<Lang>(() => load('lang', navigator.language.startsWith('zh') ? 'cn' : 'en'));
  const [selected, setSelected] = useState<Selection | null>(null);
  const w = useWorld();
  useEffect(() => {
    save('lang', lang);
    document.documentElement.lang = lang === 'cn' ? 'zh-CN' : 'en';
  }, [lang]);
  useEffect(() => {
    const name = pick(lang, w.world?.name);
    document.title = name ? translate(lang, 'page_title', { world: name, tick: w.tick }) : translate(lang, 'title');
  }, [lang, w.world, w.tick]);

  const ctx = useMemo<WorldCtx>(
    () => ({
      world: w.world?.id ?? '',
      tick: w.tick,
      places: new Map(w.places.map((p) => [p.id, p])),
      actors: new Map(w.actors.map((a) => [a.id, a])),
      entities: new Map(w.entities.map((e) => [e.id, e])),
      facts: new Map(w.facts.map((f) => [f.id, f])),
      catalog: w.catalog,
      selected,
      select: setSelected,
    }),
    [w.world, w.tick, w.places, w.actors, w.entities, w.facts, w.catalog, selected],
  );

  return (
    <LangContext.Provider value={lang}>
      <WorldContext.Provider value={ctx}>
        <Header world={w.world} status={w.status} tick={w.tick} connected={w.connected} onLang={setLang} />
        {w.error && (
          <div class="banner">
            <Problem error={w.error.text ?? w.error.key} />
          </div>
        )}
        <main class={`layout${selected ? ' has-selection' : ''}`}>
          {/* first in the page: a player's controls come before the map (on a phone they are shown first; on a wide screen, in the right column) */}
          <div class="col col-side">
            {/* on a narrow screen a selection opens as a sheet over the bottom of the page, where a tap on the map can see it */}
            <Panel area="inspector" title="panels.inspector" testid="panel-inspector" extra={selected ? 'sheet' : ''}>
              <Inspector />
            </Panel>
            <Panel area="player" title="panels.player" testid="panel-player">
              {ctx.world && <PlayerPanel key={ctx.world} />}
            </Panel>
            <Panel area="controls" title="panels.controls" testid="panel-controls">
              <Controls status={w.status} onStatus={w.setStatus} />
            </Panel>
            <Panel area="admin-story" title="panels.admin_story" testid="panel-admin-story">
              {ctx.world && <AdminStory />}
            </Panel>
          </div>
          <div class="col col-map">
            <Panel area="map" title="panels.map" testid="panel-map">
              <WorldMap places={w.places} actors={w.actors} entities={w.entities} events={w.events} tickMs={w.status?.tickMs ?? 1000} />
              <MapLegend />
            </Panel>
            <Panel area="charts" title="panels.charts" testid="panel-charts">
              <Charts metrics={w.metrics} actors={w.actors} />
            </Panel>
          </div>
          <div class="col col-feed">
            <Panel area="feed" title="panels.feed" testid="panel-feed">
              <Feed feed={w.feed} />
            </Panel>
            <Panel area="directory" title="panels.directory" testid="panel-directory">
              <Directory />
            </Panel>
          </div>
        </main>
      </WorldContext.Provider>
    </LangContext.Provider>
  );
}
