import { LOCKED_PLACEHOLDERS_PER_FEATURE } from '#shared/constants';
import { FREE_PLAN_ID } from '#shared/plans';
import type { FeatureRecord } from '#shared/schemas/catalogue';

/** Spec accounts §9: feature cards are 240 units high with a 16 gap; vertical cards are double height plus the gap. */
export const FEATURE_CARD_BASE_HEIGHT = 240;
export const FEATURE_GRID_GAP = 16;

export function featureCardHeight(orientation: FeatureRecord['orientation']): number {
  return orientation === 'vertical' ? FEATURE_CARD_BASE_HEIGHT * 2 + FEATURE_GRID_GAP : FEATURE_CARD_BASE_HEIGHT;
}

export type ResultItem = { kind: 'feature'; key: string; feature: FeatureRecord } | { kind: 'locked'; key: string };

type PlanLimit = { planId: number | null; isPlanLimited: boolean; planLimitReached: number | null };

function lockedGroup(after: string): ResultItem[] {
  return Array.from({ length: LOCKED_PLACEHOLDERS_PER_FEATURE }, (_, i) => ({
    kind: 'locked' as const,
    key: `locked-${after}-${i}`,
  }));
}

/**
 * The grid's items (spec accounts §4 "Free-plan limit in feature search"): for plan_id 1 with a limited result
 * the first planLimitReached features show normally and every later feature is replaced by 3 locked
 * 'Premium Feature' placeholders (its content is never shown). The server stops sending features at the limit,
 * so a limited answer that sent none past it ends with one group of 3 placeholders for what it held back.
 */
export function buildResultItems(features: readonly FeatureRecord[], limit: PlanLimit): ResultItem[] {
  const limited =
    (limit.planId ?? FREE_PLAN_ID) <= FREE_PLAN_ID && limit.isPlanLimited && limit.planLimitReached !== null;
  if (!limited) return features.map((feature) => ({ kind: 'feature', key: `f-${feature.id}`, feature }));
  const visible = limit.planLimitReached!;
  const items: ResultItem[] = [];
  features.forEach((feature, index) => {
    if (index < visible) items.push({ kind: 'feature', key: `f-${feature.id}`, feature });
    else items.push(...lockedGroup(String(feature.id)));
  });
  if (features.length <= visible) items.push(...lockedGroup('rest'));
  return items;
}
