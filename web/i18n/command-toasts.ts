import type { ToastText } from '#shared/messages/web';
import { commands } from '#shared/messages/catalogues/en/commands';
import { webI18n } from './i18n';

type ToastKey = keyof typeof commands.toasts;
type LabelKey = keyof typeof commands.label;

/** The keys are checked against the catalogue above; a toast's description is optional, so its key is built here. */
const translate = webI18n.t as unknown as (key: string, values?: Record<string, string | number>) => string;

/**
 * A toast of the commands catalogue, in the page's language at the moment it is made (commands and flows run outside
 * React). `values` fill its {{variables}}; a `count` picks the plural form.
 */
export function commandToast(key: ToastKey, values?: Record<string, string | number>): ToastText {
  const entry: object = commands.toasts[key];
  const title = translate(`commands:toasts.${key}.title`, values);
  if (!('description' in entry) && !('description_other' in entry)) return { title };
  return { title, description: translate(`commands:toasts.${key}.description`, values) };
}

/** A command's name for the undo history, in the page's language when the command is made. */
export function commandLabel(key: LabelKey): string {
  return webI18n.t(`commands:label.${key}`);
}
