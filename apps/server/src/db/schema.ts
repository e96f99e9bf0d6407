import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** The database as the queries see it. Migrations never import this file. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  account_codes: AccountCodesTable;
  path_visits: PathVisitsTable;
  events: EventsTable;
  contact_messages: ContactMessagesTable;
}

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Id = ColumnType<string, never, never>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string | null;
  password_hash: string | null;
  description: Generated<string>;
  img_profile: Generated<string>;
  img_cover: Generated<string>;
  is_official: Generated<boolean>;
  activated_at: Date | null;
  created_at: CreatedAt;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Buffer;
  expires_at: Date;
  created_at: CreatedAt;
}

export type AccountCodePurpose = 'activate' | 'recover';

export interface AccountCodesTable {
  code_hash: Buffer;
  user_id: string;
  purpose: AccountCodePurpose;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface PathVisitsTable {
  id: Id;
  path: string;
  br: string;
  created_at: CreatedAt;
}

export interface EventsTable {
  id: Id;
  code: number;
  created_at: CreatedAt;
}

export interface ContactMessagesTable {
  id: Id;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: CreatedAt;
}
