import type { FeatureRecord } from '#shared/schemas/catalogue';
import { useTranslation } from 'react-i18next';
import { ScreenshotCarousel } from './ScreenshotCarousel';
import { TagBadges } from './TagBadges';
import { Icon } from '../icons';

type Props = {
  feature: FeatureRecord;
  onOpen: (feature: FeatureRecord, index: number) => void;
  onAddToBoard: (feature: FeatureRecord) => void;
};

/**
 * One result (spec accounts §2): the screenshot carousel, the feature screen name, the game with its external
 * link, and the primary and secondary tag badges; vertical features take two grid rows. Add to board is ours.
 */
export function FeatureCard({ feature, onOpen, onAddToBoard }: Props) {
  const { t } = useTranslation('features');
  return (
    <li
      className={`fs-result fs-feature ${feature.orientation}`}
      data-testid="feature-card"
      data-feature-id={feature.id}
    >
      <ScreenshotCarousel
        images={feature.images}
        title={feature.feature_screen_name}
        onOpen={(i) => onOpen(feature, i)}
      />
      <div className="fs-feature-body">
        <h3 className="fs-feature-title" title={feature.feature_screen_name} translate="no">
          {feature.feature_screen_name}
        </h3>
        <p className="fs-feature-game">
          <span translate="no">{feature.game_name}</span>
          {feature.game_link && (
            <a
              href={feature.game_link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('openGameOf', { game: feature.game_name })}
            >
              <Icon name="external" size={14} />
            </a>
          )}
        </p>
        <div className="fs-feature-foot">
          <TagBadges primary={feature.primary_tag} secondary={feature.secondary_tag} />
          <button
            type="button"
            className="icon-btn fs-add"
            title={t('addToBoard')}
            aria-label={t('addToBoardOf', { feature: feature.feature_screen_name })}
            onClick={() => onAddToBoard(feature)}
          >
            <Icon name="plus" />
          </button>
        </div>
      </div>
    </li>
  );
}
