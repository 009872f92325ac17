/**
 * Spellings of one own image (`/api/storage/own/<sha>.<ext>`) an outside test used to reach another user's file
 *: absolute on any host, with a query, percent-encoded, the variants, a dot segment, and a few more.
 * Every one names the same own image to the server.
 */
export function ownImageSpellings(url: string): string[] {
  const file = url.slice('/api/storage/own/'.length);
  return [
    url,
    `http://anything.invalid${url}`,
    `${url}?a=1`,
    `https://loot.example${url}?a=1#top`,
    `/api/storage/%6Fwn/${file}`,
    `/api/storage/w/96/own/${file}`,
    `/api/storage/w/320/own/${file}`,
    `/api/storage/catalogue/%2e%2e/own/${file}`,
    `/api/storage/OWN/${file}`,
    `http://x.invalid/api/storage/w/320/%6fwn/${file}?v=2`,
  ];
}
