import type { SocketTicket } from '@nomadas/shared/schemas';
import { call } from '../client';

/** POST /api/connectws (spec §7): a single-use ticket for `/ws?d=…&t=…`, or null when there was no answer. */
export async function fetchSocketTicket(): Promise<SocketTicket | null> {
  const answer = await call('POST /connectws');
  const ticket = answer !== false && answer.state === 'OK' ? answer.data : undefined;
  return ticket && typeof ticket.data === 'string' && typeof ticket.token === 'string' ? ticket : null;
}
