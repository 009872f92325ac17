/**
 * A toast's words: a title and an optional description. The words themselves come from the interface catalogues
 * (shared/messages/catalogues), in the user's language.
 */
export type ToastText = { title: string; description?: string };
