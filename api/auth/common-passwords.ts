import fs from 'node:fs';
import { runtimeFile } from '../runtime-files';

/**
 * The 10,000 most common passwords of 8 or more characters, lower-cased, most common first
 * (common-passwords.txt). Taken from the password frequency list of @zxcvbn-ts/language-common 3.0.4 (MIT;
 * zxcvbn's list, ranked from leaked-password corpora): its entries in order, lower-cased, without whitespace,
 * 8 to 200 characters long (shorter ones are refused by length already), the first 10,000 kept.
 */
let commonPasswords: Set<string> | undefined;

function load(): Set<string> {
  const text = fs.readFileSync(runtimeFile('api/auth/common-passwords.txt'), 'utf8');
  return new Set(text.split('\n').filter(Boolean));
}

/** True for a password in the list, whatever its letter case ("Password1" is "password1"). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= load();
  return commonPasswords.has(password.toLowerCase());
}
