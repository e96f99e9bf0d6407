import { call } from '../client';

/**
 * GET /api/notifications_nv: how many notifications are pending (the header badge), or null when there was
 * no usable answer. Plain (no TanStack Query): the poll runs in the first screen's JS, with the header.
 */
export async function fetchPendingNotifications(): Promise<number | null> {
  const answer = await call('GET /notifications_nv');
  if (answer === false || answer.state !== 'OK' || typeof answer.data !== 'number') return null;
  return answer.data;
}
