/**
 * A screen (one browser tab) names itself to the server in this header on every request, so the changes its own
 * requests made come back to it over the board's live stream marked as its own.
 */
export const SCREEN_ID_HEADER = 'X-Loot-Screen';

/** What a screen id may look like: the server ignores any other value. */
export const SCREEN_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
