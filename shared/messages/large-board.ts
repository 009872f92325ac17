import type { ToastText } from './web';

/**
 * Texts of the large-board features: low-spec mode and the demo board. The spec gives no wording for
 * these, so they are ours; short, and in the product's voice.
 */
export const LOW_SPEC_TEXT = {
  toggle: 'Low-spec mode',
  toggleHint:
    'Draws less per frame: cards under 48 px on screen become plain blocks, one thumbnail size, no extra-sharp cards when zoomed in, no animations, 1× resolution.',
  on: 'On',
  off: 'Off',
} as const;

/** Shown once per device, when low-spec mode was switched on by itself. */
export const LOW_SPEC_AUTO_TOAST: ToastText = {
  title: 'Low-spec mode is on',
  description:
    'This device has a slow graphics path or little memory, so boards draw more simply. Switch it off in the toolbar.',
};

export const DEMO_BOARD_TEXT = {
  menuItem: 'Demo board',
  title: 'Demo board',
  subtitle: 'A board of catalogue cards in themed sections, laid out, for trying large boards.',
  sizeLabel: 'Cards',
  create: 'Create',
  cancel: 'Cancel',
  close: 'Close',
  progress: (done: number, total: number) => `${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} cards`,
  failed: 'The demo board could not be created',
} as const;

/** The sizes the dialog offers. */
export const DEMO_BOARD_SIZES = [1_000, 10_000, 100_000] as const;
