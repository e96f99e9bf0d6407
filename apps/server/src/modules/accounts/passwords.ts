import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '@nomadas/shared';

// Algorithm.Argon2id is a const enum in the typings, which isolatedModules cannot inline.
const ARGON2ID = 2;
/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check when there is no such user, so timing reveals nothing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Set<string> | undefined;

/**
 * True for a password that appears in the common-passwords list (zxcvbn-ts's, about 18,000 of 8+
 * characters), case-insensitively, or that is one of the account's own names.
 */
export function isCommonPassword(password: string, ownNames: string[] = []): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].filter((entry) => entry.length >= PASSWORD_MIN));
  const candidate = password.toLowerCase();
  return commonPasswords.has(candidate) || ownNames.some((name) => name.toLowerCase() === candidate);
}
