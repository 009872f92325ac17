import fs from 'node:fs';
import path from 'node:path';
import { E2E_PASSWORDS, linesWithSecrets } from '../helpers/log-secrets';

/**
 * After every e2e run: the logs of every test server the run started (tests/e2e/fixtures.ts keeps them) hold a
 * request line per request, and not one secret (README: Logs). A run whose servers logged no request line fails
 * too: the check would prove nothing. LOOT_E2E_KEEP_LOGS=1 keeps them for a look.
 */
export default function globalTeardown() {
  const dir = process.env.LOOT_E2E_LOG_DIR;
  if (!dir || !fs.existsSync(dir)) return;
  try {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.log'));
    const logs = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
    const requestLines = logs
      .split('\n')
      .filter((line) => line.includes('"msg":"request"') && line.includes('"reqId"')).length;
    if (files.length > 0 && requestLines === 0)
      throw new Error(`The e2e servers' logs (${files.length} files) hold no request line`);
    const leaks = linesWithSecrets(logs, E2E_PASSWORDS);
    if (leaks.length > 0)
      throw new Error(`The e2e servers' logs hold secrets (${leaks.length} lines):\n${leaks.slice(0, 20).join('\n')}`);
    console.log(`Server logs: ${requestLines} request lines in ${files.length} files, no secret in them`);
  } finally {
    if (process.env.LOOT_E2E_KEEP_LOGS) console.log(`Server logs kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}
