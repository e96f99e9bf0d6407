import crypto from 'node:crypto';
import { WS_TICKET_TTL_S } from '@nomadas/shared';
import type { SocketTicket } from '@nomadas/shared/answers';
import type { Db } from '../db/database.js';
import type { Viewer } from '../http/auth.js';
import { hashToken } from '../http/auth.js';
import { insertTicket, redeemTicket } from './tickets.queries.js';

/** Who a redeemed ticket let in: the user and the session the socket lives and dies with. */
export interface SocketIdentity {
  userId: string;
  username: string;
  sessionId: string;
  sessionExpiresAt: Date;
}

const TICKET_ID = /^[A-Za-z0-9_-]{16,64}$/;
const TICKET_SECRET = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * POST /api/connectws: a ticket for `/ws?d={data}&t={token}`, bound to the caller's session, single use and
 * valid for WS_TICKET_TTL_S. Only the secret's hash is stored. The socket cannot send the API-TOKEN header,
 * and a token in a URL ends up in logs: a short-lived single-use ticket there is harmless.
 */
export async function issueTicket(db: Db, viewer: Viewer): Promise<SocketTicket> {
  const id = crypto.randomBytes(18).toString('base64url');
  const secret = crypto.randomBytes(32).toString('base64url');
  await insertTicket(db, {
    id,
    secretHash: hashToken(secret),
    sessionId: viewer.sessionId,
    expiresAt: new Date(Date.now() + WS_TICKET_TTL_S * 1000),
  });
  return { data: id, token: secret };
}

/** The identity a ticket proves, using it up; undefined for a missing, malformed, used or expired one. */
export async function redeem(db: Db, d: unknown, t: unknown): Promise<SocketIdentity | undefined> {
  if (typeof d !== 'string' || typeof t !== 'string' || !TICKET_ID.test(d) || !TICKET_SECRET.test(t)) {
    return undefined;
  }
  const row = await redeemTicket(db, d, hashToken(t));
  return (
    row && {
      userId: row.userId,
      username: row.username,
      sessionId: row.sessionId,
      sessionExpiresAt: row.expiresAt,
    }
  );
}
