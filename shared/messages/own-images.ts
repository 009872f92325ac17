/**
 * formatBytes for own images' sizes (the API's refusals are in the `errors` catalogue namespace; the web's labels and
 * toasts in the dialogs and commands namespaces).
 */
const MB = 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${(bytes / (1024 * MB)).toFixed(1).replace(/\.0$/, '')} GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1).replace(/\.0$/, '')} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}
