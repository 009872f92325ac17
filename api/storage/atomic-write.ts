import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Stored files are users' images: folders (0700) and files (0600) the server user's alone, whatever the umask. */
export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/**
 * Writes a file so that readers never see half of it, even when several processes write the same file at once
 * (the e2e servers share one storage folder): write a unique temp file beside it, then rename over the target.
 * Rename is atomic on one filesystem; the last writer wins with identical content.
 */
export async function writeFileAtomic(target: string, data: Buffer): Promise<void> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY_DIR });
  const temp = `${target}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.promises.writeFile(temp, data, { mode: OWNER_ONLY_FILE });
    await fs.promises.rename(temp, target);
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
}

export function writeFileAtomicSync(target: string, data: Buffer): void {
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: OWNER_ONLY_DIR });
  const temp = `${target}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temp, data, { mode: OWNER_ONLY_FILE });
    fs.renameSync(temp, target);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}
