import { useT } from '../i18n.ts';
import type { LookReply } from '../../../adapters/server/protocol-look.ts';

/**
 * Looking around: the scene at the player's place as the server saw it (GET /players/:id/look), line
 * by line in the chosen language. A snapshot of one tick: looking again asks anew.
 */
export function ScenePanel(props: { scene: LookReply; busy: boolean; onAgain: () => void; onClose: () => void }) {
  const { t, tx } = useT();
  return (
    <section class="scene" data-testid="scene" aria-live="polite">
      <h4>{t('scene.title', { tick: props.scene.scene.tick })}</h4>
      <ul>
        {props.scene.lines.map((l, i) => (
          <li key={i} data-testid="scene-line">
            {tx(l)}
          </li>
        ))}
      </ul>
      <div class="scene-buttons">
        <button type="button" class="link" disabled={props.busy} onClick={props.onAgain}>
          {t('scene.again')}
        </button>
        <button type="button" class="link" onClick={props.onClose}>
          {t('scene.close')}
        </button>
      </div>
    </section>
  );
}
