import { sql, type Kysely } from 'kysely';

/**
 * Which tus upload each video came from, and its length. When the answer to an upload's last PATCH is lost
 * (a roadside connection), the browser asks where the upload stands (HEAD): the upload itself is gone, but
 * this row says it is complete, so the browser learns its video instead of sending the file again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table videos add column upload_id text, add column upload_bytes bigint`.execute(db);
  await sql`create unique index videos_upload_id on videos (upload_id) where upload_id is not null`.execute(
    db,
  );
}
