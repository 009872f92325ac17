import { describe, expect, it } from 'vitest';
import { nativeBuildMismatch } from '../../../api/ops/native-build';
import { databaseStartupError } from '../../../api/ops/startup-errors';

/**
 * What Node 22 throws when better-sqlite3 was installed under Node 20, word for word and with its line breaks
 * (read from `new Database()` under Node 22.23 over a Node 20.20 install).
 */
function dlopenError(
  built: number,
  running: number,
  file = '/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node',
) {
  return Object.assign(
    new Error(
      `The module '${file}'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION ${built}. This version of Node.js requires\nNODE_MODULE_VERSION ${running}. Please try re-compiling or re-installing\nthe module (for instance, using \`npm rebuild\` or \`npm install\`).`,
    ),
    { code: 'ERR_DLOPEN_FAILED' },
  );
}

describe('an install built for another Node, said in one line', () => {
  it('names the package, both Node versions and the command that fixes it', () => {
    expect(nativeBuildMismatch(dlopenError(115, 127))).toBe(
      'better-sqlite3 was built for Node 20 (NODE_MODULE_VERSION 115); this is Node 22 (127): run `npm rebuild better-sqlite3` under this Node, or start Loot with the Node it was built for.',
    );
    expect(nativeBuildMismatch(dlopenError(127, 137))).toMatch(
      /^better-sqlite3 was built for Node 22 \(NODE_MODULE_VERSION 127\); this is Node 24 \(137\): /,
    );
    expect(nativeBuildMismatch(dlopenError(108, 131))).toMatch(/built for Node 18 .*; this is Node 23 \(131\)/);
  });

  it('falls back to the numbers for an ABI it does not know, and to a plain rebuild for a path outside node_modules', () => {
    expect(nativeBuildMismatch(dlopenError(115, 999))).toMatch(
      /built for Node 20 \(NODE_MODULE_VERSION 115\); this is NODE_MODULE_VERSION 999: run `npm rebuild better-sqlite3`/,
    );
    expect(nativeBuildMismatch(dlopenError(42, 127, '/opt/addon.node'))).toMatch(
      /^A native module was built for NODE_MODULE_VERSION 42; this is Node 22 \(127\): run `npm rebuild` /,
    );
    expect(nativeBuildMismatch(dlopenError(115, 127, 'C:\\app\\node_modules\\@scope\\native\\build\\x.node'))).toMatch(
      /^@scope\/native was built for Node 20.*`npm rebuild @scope\/native`/,
    );
  });

  it('leaves every other error alone', () => {
    expect(nativeBuildMismatch(new Error('SQLITE_CANTOPEN: unable to open database file'))).toBeNull();
    expect(
      nativeBuildMismatch(
        Object.assign(new Error('Could not locate the bindings file.'), { code: 'ERR_DLOPEN_FAILED' }),
      ),
    ).toBeNull();
    expect(nativeBuildMismatch(undefined)).toBeNull();
  });

  it('is the start-up error, not a data-folder error, and only its line', () => {
    const config = { dbFile: '/data/loot.db', LOOT_DATA_DIR: '/data' };
    const message = databaseStartupError(dlopenError(115, 127), config).message;
    expect(message).toMatch(/^better-sqlite3 was built for Node 20/);
    expect(message).not.toMatch(/LOOT_DATA_DIR|\/data|\n/);
    // Any other failure to open the file still names the data folder.
    expect(
      databaseStartupError(Object.assign(new Error('unable to open'), { code: 'SQLITE_CANTOPEN' }), config).message,
    ).toMatch(/^LOOT_DATA_DIR: /);
  });
});
