/**
 * Texts the board canvas draws itself (the card texts 'Find similar', 'Загрузка...', 'No image' are in
 * shared/messages/web.ts CARD_TEXT). Spec accounts §2 and §4: locked sections show a dashed 'Premium Section'
 * placeholder with an 'Upgrade Plan to Unlock' button going to /billing.
 */
export const LOCKED_SECTION_TEXT = {
  title: 'Premium Section',
  upgrade: 'Upgrade Plan to Unlock',
} as const;
