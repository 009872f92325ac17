import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { upgradeFromLockedSection } from '../../data/team-plan';
import type { Section } from '../../data/wire';
import { rectInside, upgradeButtonCentre, upgradeButtonScreenRect } from '../../logic/locked-upgrade';
import { useAppStore } from '../../stores/app.store';
import { useBoardController } from './board-controller-context';

/**
 * The canvas draws a free plan's locked section with an 'Upgrade Plan to Unlock' button that only a pointer can
 * press. Here each one gets a real button, laid exactly over the drawn one through the
 * mirrored camera: Tab reaches it (its focus ring shows where the drawn button is), a screen reader reads it,
 * Enter does what the canvas button does (the plans; on a board shared with the user, the ask-the-owner dialog).
 * Pointer events pass through to the canvas, which keeps wheel and drag wherever the pointer is. A button focused off
 * screen brings its section into view.
 */
export function LockedSectionButtons({ sections }: { sections: Section[] }) {
  const view = useAppStore((s) => s.view);
  const canvasSize = useAppStore((s) => s.canvasSize);
  const board = useBoardController();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation('canvas');
  const locked = sections.filter((s) => s.locked);
  if (locked.length === 0) return null;

  return (
    <div className="locked-section-buttons" role="group" aria-label={t('lockedTitle')}>
      {locked.map((section) => {
        const rect = upgradeButtonScreenRect(section, view);
        return (
          <button
            key={section.id}
            type="button"
            className="locked-upgrade"
            style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height }}
            onFocus={() => {
              if (!board || rectInside(rect, canvasSize)) return;
              board.centerOn(upgradeButtonCentre(section));
            }}
            onClick={() => upgradeFromLockedSection(queryClient, () => void navigate('/billing'))}
          >
            <span className="visually-hidden">{t('lockedUpgrade')}</span>
          </button>
        );
      })}
    </div>
  );
}
