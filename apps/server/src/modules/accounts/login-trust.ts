import crypto from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { hashToken, newToken } from '../../http/auth.js';
import { readSigningKey } from '../follows/friendship.queries.js';
import { findTrustedHashes, rememberLogin, type TrustCredential } from './login-trust.queries.js';

/**
 * While a login name is being guessed at, its owner still gets in with the right password from a browser or an
 * address that logged into the account before (OWASP's device cookies): this module says which those are.
 */

/** A browser or address is trusted this long after its last login into the account. */
export const TRUST_DAYS = 90;
export const DEVICE_COOKIE = 'nomadas_dispositivo';
/** Accounts one browser keeps a device token for (people share a browser at home). */
const DEVICE_TOKENS_KEPT = 5;
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** An account id no account has: an unknown name is checked with the same query as a known one. */
const NO_ACCOUNT = '0';

export interface LoginOrigin {
  /** The client's address (TRUST_PROXY decides which one that is). */
  address: string;
  /** The request's Cookie header. */
  cookies: string | undefined;
}

/** The device tokens a browser sent: from our cookie, well-formed ones only. */
export function deviceTokens(cookies: string | undefined): string[] {
  const prefix = `${DEVICE_COOKIE}=`;
  const value = cookies
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  return (value ?? '')
    .split('.')
    .filter((token) => DEVICE_TOKEN.test(token))
    .slice(0, DEVICE_TOKENS_KEPT);
}

/** The Set-Cookie value that keeps `tokens` in the browser: sent to the login call only, unreadable by scripts. */
export function deviceCookie(config: Pick<Config, 'publicUrl'>, tokens: string[]): string {
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const maxAge = TRUST_DAYS * 24 * 3600;
  return `${DEVICE_COOKIE}=${tokens.join('.')}; Path=/api/login; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

// Addresses are few (2^32 for IPv4): hashed with a secret of the database's, not guessable from the hash alone.
const addressKeys = new WeakMap<Db, Promise<Buffer>>();
async function addressHash(db: Db, userId: string, address: string): Promise<Buffer> {
  let key = addressKeys.get(db);
  if (!key) {
    key = readSigningKey(db, 'login-addresses');
    addressKeys.set(db, key);
  }
  return crypto
    .createHmac('sha256', await key)
    .update(`${userId}\n${address}`)
    .digest();
}

const since = () => new Date(Date.now() - TRUST_DAYS * 24 * 3600 * 1000);

/** True when the request comes from a browser or address that logged into the account before. */
export async function isTrustedOrigin(db: Db, userId: string | undefined, origin: LoginOrigin) {
  const account = userId ?? NO_ACCOUNT;
  const hashes = [
    await addressHash(db, account, origin.address),
    ...deviceTokens(origin.cookies).map(hashToken),
  ];
  return (await findTrustedHashes(db, account, hashes, since())).length > 0;
}

/**
 * After a successful login: the address and the browser are the account's from now on. A browser whose tokens
 * include none of this account's gets a new one, made here: a token is trusted only for the account it was made
 * at, so one planted in a browser by somebody else earns them nothing. Answers the tokens the browser keeps.
 */
export async function rememberOrigin(db: Db, userId: string, origin: LoginOrigin): Promise<string[]> {
  const tokens = deviceTokens(origin.cookies);
  const trusted = await findTrustedHashes(db, userId, tokens.map(hashToken), since());
  const own = tokens.find((token) => trusted.some((hash) => hash.equals(hashToken(token))));
  const device = own ?? newToken();
  const credentials: TrustCredential[] = [
    { hash: await addressHash(db, userId, origin.address), kind: 'address' },
    { hash: hashToken(device), kind: 'device' },
  ];
  await rememberLogin(db, userId, credentials);
  return own ? tokens : [device, ...tokens].slice(0, DEVICE_TOKENS_KEPT);
}
