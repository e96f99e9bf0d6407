import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { MailMessage } from './mailer.js';

export function insertOutboxMail(db: Db, message: MailMessage) {
  return db
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      reply_to: message.replyTo ?? null,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })
    .execute();
}

/**
 * Takes up to `limit` due mails and leases them for `leaseSeconds`: another instance skips them meanwhile,
 * and a worker that dies mid-send only delays them until the lease runs out.
 */
export function claimDueMails(db: Db, limit: number, leaseSeconds: number) {
  return db
    .updateTable('mail_outbox')
    .set({
      attempts: sql`attempts + 1`,
      next_attempt_at: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(
      'id',
      'in',
      db
        .selectFrom('mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'to_address', 'reply_to', 'subject', 'text', 'html', 'attempts'])
    .execute();
}

/** Sent: the body (which may hold a one-time link) is not kept. */
export function markMailSent(db: Db, id: string) {
  return db
    .updateTable('mail_outbox')
    .set({ sent_at: sql`now()`, text: '', html: '', last_error: null })
    .where('id', '=', id)
    .execute();
}

export function markMailFailed(db: Db, id: string, error: string, retryInSeconds: number | null) {
  return db
    .updateTable('mail_outbox')
    .set(
      retryInSeconds === null
        ? { failed_at: sql`now()`, last_error: error }
        : { next_attempt_at: sql`now() + make_interval(secs => ${retryInSeconds})`, last_error: error },
    )
    .where('id', '=', id)
    .execute();
}

/** Delivered mail is kept a while for support questions ("did it go out?"), then dropped. */
export function deleteOldSentMails(db: Db, olderThanDays: number) {
  return db
    .deleteFrom('mail_outbox')
    .where('sent_at', '<', sql<Date>`now() - make_interval(days => ${olderThanDays})`)
    .execute();
}
