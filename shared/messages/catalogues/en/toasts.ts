/** Toast titles and descriptions (spec board-workspace §8): English. */
export const toasts = {
  moveFailed: { title: 'Error', description: 'Could not move the card' },
  cardMoved: { title: 'Card moved' },
  /** 'Card moved' naming the card and its destination (spec §8). */
  cardMovedTo: { title: 'Card moved', description: '“{{card}}” → {{destination}}' },
  /** Several cards moved to another board at once. */
  cardsMovedTo: {
    title: 'Cards moved',
    description_one: '{{count}} card → {{destination}}',
    description_other: '{{count}} cards → {{destination}}',
  },
  /** Team boards: a card this user was dragging was deleted by someone else. */
  cardDeletedBy: { title: '{{name}} deleted this card' },
};
