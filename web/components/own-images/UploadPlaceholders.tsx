import { CARD_HEIGHT_HORIZONTAL, CARD_WIDTH_HORIZONTAL } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/app.store';
import { useUploadStore } from '../../stores/upload.store';
import { useBoardController } from '../board/board-controller-context';

const RING_RADIUS = 18;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * Placeholder cards for uploads under way: where each card will land, with a progress ring, until
 * the card arrives or the file is refused. DOM over the canvas, placed with the engine's camera.
 */
export function UploadPlaceholders() {
  const { t } = useTranslation('dialogs');
  const board = useBoardController();
  const placeholders = useUploadStore((s) => s.placeholders);
  const zoom = useAppStore((s) => s.view.zoom);
  useAppStore((s) => s.view.offset);
  if (!board || placeholders.length === 0) return null;
  const width = CARD_WIDTH_HORIZONTAL * zoom;
  const height = CARD_HEIGHT_HORIZONTAL * zoom;
  return (
    <div className="upload-placeholders" aria-live="polite">
      {placeholders.map((p) => {
        const centre = board.toScreen(p.world);
        return (
          <div
            key={p.key}
            className="upload-placeholder"
            data-testid="upload-placeholder"
            role="progressbar"
            aria-label={t('ownCard.uploading', { name: p.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(p.progress * 100)}
            style={{ left: centre.x - width / 2, top: centre.y - height / 2, width, height }}
          >
            <svg width={48} height={48} viewBox="0 0 48 48" aria-hidden="true">
              <circle cx={24} cy={24} r={RING_RADIUS} className="upload-ring-track" />
              <circle
                cx={24}
                cy={24}
                r={RING_RADIUS}
                className="upload-ring"
                strokeDasharray={RING_LENGTH}
                strokeDashoffset={RING_LENGTH * (1 - p.progress)}
                transform="rotate(-90 24 24)"
              />
            </svg>
            <span className="upload-name">{p.name}</span>
          </div>
        );
      })}
    </div>
  );
}
