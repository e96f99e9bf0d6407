import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { AccountCodePurpose, Database } from '../../db/schema.js';

const userColumns = [
  'id',
  'username',
  'email',
  'password_hash',
  'description',
  'img_profile',
  'img_cover',
  'is_official',
  'role',
  'activated_at',
] as const;

/** A login name as typed, the way accounts are looked up by it. */
export const normaliseLogin = (login: string) => login.trim().toLowerCase();

/** `login` is a username or an email. */
export function findUserByLogin(db: Db, login: string) {
  const value = normaliseLogin(login);
  return db
    .selectFrom('users')
    .select(userColumns)
    .where((eb) => eb.or([eb('username', '=', value), eb(sql<string>`lower(email)`, '=', value)]))
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(userColumns)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** A user's row, credentials included (own profile, password checks). */
export function findUserById(db: Db, userId: string) {
  return db.selectFrom('users').select(userColumns).where('id', '=', userId).executeTakeFirst();
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function findTakenFields(db: Db, username: string, email: string) {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where((eb) => eb.or([eb('username', '=', username), eb(sql<string>`lower(email)`, '=', email)]))
    .execute();
  // A deleted account's name stays taken for a while (modules/own-profile/account-deletion.service.ts).
  const reserved = await db
    .selectFrom('reserved_usernames')
    .select('username')
    .where('username', '=', username)
    .where('release_at', '>', new Date())
    .executeTakeFirst();
  return {
    username: reserved !== undefined || rows.some((row) => row.username === username),
    email: rows.some((row) => row.email?.toLowerCase() === email),
  };
}

export async function insertUser(db: Db, user: { username: string; email: string; passwordHash: string }) {
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email,
      password_hash: user.passwordHash,
      activated_at: null,
      welcomed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks the account welcomed; true only the first time (the login that opens the first-steps screen). */
export async function markWelcomed(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ welcomed_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('welcomed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function insertAccountCode(
  db: Db,
  code: { hash: Buffer; userId: string; purpose: AccountCodePurpose; expiresAt: Date },
) {
  return db
    .insertInto('account_codes')
    .values({ code_hash: code.hash, user_id: code.userId, purpose: code.purpose, expires_at: code.expiresAt })
    .execute();
}

/** A code that matches, is for `purpose`, was never used and has not expired. */
const isLiveCode =
  (hash: Buffer, purpose: AccountCodePurpose) => (eb: ExpressionBuilder<Database, 'account_codes'>) =>
    eb.and([
      eb('code_hash', '=', hash),
      eb('purpose', '=', purpose),
      eb('used_at', 'is', null),
      eb('expires_at', '>', new Date()),
    ]);

/** Marks a live, unused code as used and returns its user; single-use even under concurrent calls. */
export async function consumeAccountCode(db: Db, hash: Buffer, purpose: AccountCodePurpose) {
  const row = await db
    .updateTable('account_codes')
    .set({ used_at: new Date() })
    .where(isLiveCode(hash, purpose))
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** The user of a live, unused code, without using it up. */
export async function findLiveCodeUser(db: Db, hash: Buffer, purpose: AccountCodePurpose) {
  const row = await db
    .selectFrom('account_codes')
    .select('user_id')
    .where(isLiveCode(hash, purpose))
    .executeTakeFirst();
  return row?.user_id;
}

/** Marks every still-usable code of a user for `purpose` as used. */
export function voidAccountCodes(db: Db, userId: string, purpose: AccountCodePurpose) {
  return db
    .updateTable('account_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function hasRecentCode(db: Db, userId: string, purpose: AccountCodePurpose, since: Date) {
  const row = await db
    .selectFrom('account_codes')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when this call activated the account (false when it already was). */
export async function activateUser(db: Db, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ activated_at: sql`now()` })
    .where('id', '=', userId)
    .where('activated_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function updatePasswordHash(db: Db, userId: string, passwordHash: string) {
  return db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
