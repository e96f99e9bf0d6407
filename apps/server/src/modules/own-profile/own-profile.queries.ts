import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** The images and description as they are now, locked until the transaction ends (two saves in a row). */
export function lockProfileFields(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['img_profile', 'img_cover', 'description'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function updateProfileFields(
  db: Db,
  userId: string,
  patch: { description?: string; img_profile?: string; img_cover?: string },
) {
  return db
    .updateTable('users')
    .set(patch)
    .where('id', '=', userId)
    .returning(['img_profile', 'img_cover', 'description'])
    .executeTakeFirstOrThrow();
}

/** Another account still shows this image (the demo seed names files by content, so two may share one). */
export async function isProfileImageInUse(db: Db, url: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('img_profile', '=', url), eb('img_cover', '=', url)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every session of the user but `keepSessionId` (the one that changed the password). */
export function deleteOtherSessions(db: Db, userId: string, keepSessionId: string) {
  return db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute();
}

// ---------------------------------------------------------------- e-mail changes

export function insertEmailChange(
  db: Db,
  change: { codeHash: Buffer; userId: string; newEmail: string; expiresAt: Date },
) {
  return db
    .insertInto('email_changes')
    .values({
      code_hash: change.codeHash,
      user_id: change.userId,
      new_email: change.newEmail,
      expires_at: change.expiresAt,
    })
    .execute();
}

/** Only the newest request counts: the links of earlier ones stop working. */
export function voidEmailChanges(db: Db, userId: string) {
  return db
    .updateTable('email_changes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Marks a live change as used and answers it; single-use even under concurrent clicks. */
export function consumeEmailChange(db: Db, codeHash: Buffer) {
  return db
    .updateTable('email_changes')
    .set({ used_at: new Date() })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
}

/** The address a live change would move the account to, if one is waiting. */
export async function findPendingEmail(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('email_changes')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.new_email ?? null;
}

export function lockUserEmail(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['username', 'email'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function updateEmail(db: Db, userId: string, email: string) {
  return db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}

/** Someone else's account at this address (case-insensitive, as the unique index compares). */
export function findOtherAccountByEmail(db: Db, email: string, exceptUserId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'is_official'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
}
