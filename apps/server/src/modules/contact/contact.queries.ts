import type { Db } from '../../db/database.js';

export function insertContactMessage(
  db: Db,
  message: { userId: string | null; name: string; email: string; subject: string; message: string },
) {
  return db
    .insertInto('contact_messages')
    .values({
      user_id: message.userId,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
    })
    .execute();
}
