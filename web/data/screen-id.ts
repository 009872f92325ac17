/**
 * This tab's id, sent with every request (shared/screen-id.ts), so the board's live stream can tell the changes
 * this tab made from everyone else's. Random per page load; getRandomValues works outside a secure context too
 * (a self-hosted instance on plain http in a LAN), where crypto.randomUUID does not.
 */
export const SCREEN_ID = randomHexId();

/** 32 random hex digits (a tab's id, an ops batch's id). */
export function randomHexId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
