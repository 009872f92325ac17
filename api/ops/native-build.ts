/**
 * Node's ABI numbers (NODE_MODULE_VERSION, `process.versions.modules`) by the Node major that uses them: a native
 * module (better-sqlite3) is built for one and loads under no other.
 */
const NODE_MAJOR_BY_MODULE_VERSION: Record<number, number> = {
  83: 14,
  93: 16,
  102: 17,
  108: 18,
  111: 19,
  115: 20,
  120: 21,
  127: 22,
  131: 23,
  137: 24,
};

/** Node's words when it refuses a native module built for another ABI (line breaks fall anywhere in them). */
const MISMATCH =
  /was\s+compiled\s+against\s+a\s+different\s+Node\.js\s+version\s+using\s+NODE_MODULE_VERSION\s+(\d+)\.\s+This\s+version\s+of\s+Node\.js\s+requires\s+NODE_MODULE_VERSION\s+(\d+)/;

/** "Node 20 (NODE_MODULE_VERSION 115)", or the number alone for an ABI this table does not know. */
function nodeFor(moduleVersion: number, withLabel: boolean): string {
  const major = NODE_MAJOR_BY_MODULE_VERSION[moduleVersion];
  const label = withLabel ? `NODE_MODULE_VERSION ${moduleVersion}` : String(moduleVersion);
  return major === undefined ? `NODE_MODULE_VERSION ${moduleVersion}` : `Node ${major} (${label})`;
}

/** The package a native module's file belongs to: the last `node_modules/<name>` (or `@scope/name`) in its path. */
function packageOf(message: string): string | null {
  const names = [...message.matchAll(/node_modules[/\\]((?:@[^/\\'"\s]+[/\\])?[^/\\'"\s]+)/g)].map((m) =>
    m[1].replace(/\\/g, '/'),
  );
  return names.at(-1) ?? null;
}

/**
 * One line for an install made under one Node version and started under another: which package was built for
 * which Node, which Node this is, and the command that fixes it. Null for any other error. Node's own message names
 * the file and the two NODE_MODULE_VERSIONs; an operator knows Node versions, so they are said as those.
 *
 * @example
 * nativeBuildMismatch(err) // "better-sqlite3 was built for Node 20 (NODE_MODULE_VERSION 115); this is Node 22 (127): run `npm rebuild better-sqlite3`"
 */
export function nativeBuildMismatch(err: unknown): string | null {
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  const found = MISMATCH.exec(message);
  if (!found) return null;
  const built = Number(found[1]);
  const running = Number(found[2]);
  const name = packageOf(message);
  const rebuild = name ? `npm rebuild ${name}` : 'npm rebuild';
  return `${name ?? 'A native module'} was built for ${nodeFor(built, true)}; this is ${nodeFor(running, false)}: run \`${rebuild}\` under this Node, or start Loot with the Node it was built for.`;
}
