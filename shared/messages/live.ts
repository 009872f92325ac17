/** Live boards' user-facing text (ours, the spec has none). */
export const LIVE_MESSAGES = {
  tooManyStreams: (max: number) =>
    `This account already has ${max} boards open live. Close a tab, then reload this one.`,
} as const;
