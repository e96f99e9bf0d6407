import type { ApiEnvelope } from '@nomadas/shared';
import { api } from '../client';

/**
 * GET /api/notifications_nv: how many notifications are pending (the header badge), or null when there was
 * no usable answer. Plain (no TanStack Query): the poll runs in the first screen's JS, with the header.
 */
export async function fetchPendingNotifications(): Promise<number | null> {
  const answer = await api.get<ApiEnvelope<number>>('/notifications_nv');
  if (answer === false || answer.state !== 'OK' || typeof answer.data !== 'number') return null;
  return answer.data;
}
