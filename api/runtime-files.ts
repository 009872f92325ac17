import { fileURLToPath } from 'node:url';

/**
 * What the server build (scripts/build.mjs) writes into every bundle under dist/ through esbuild's `define`; the
 * name is never defined under tsx (tests, `npm run dev:api`, the CLIs run from source).
 */
declare const LOOT_BUNDLE: { generatorFingerprint: string } | undefined;

/** The build's facts when this code runs from a bundle in dist/, null when it runs from the TypeScript sources. */
export const bundle: { generatorFingerprint: string } | null = typeof LOOT_BUNDLE === 'undefined' ? null : LOOT_BUNDLE;

/**
 * A file or folder the server reads at run time (migrations, the password list, the demo catalogue), named by its
 * path in the repository. From the sources it is read where it is: this file sits one folder below the repository
 * root. In a bundle, import.meta.url is the bundle's own (dist/server.js), and the build copies each such path
 * under dist/, so dist/ works on its own (the container image holds dist/ and node_modules only).
 */
export function runtimeFile(repoPath: string): string {
  return fileURLToPath(new URL(bundle ? `./${repoPath}` : `../${repoPath}`, import.meta.url));
}

/** A bundle's own entry beside this one (`dist/<name>.js`): the demo board's CLI. */
export function bundleEntry(name: string): URL {
  return new URL(`./${name}.js`, import.meta.url);
}
