import { z } from 'zod';
import { NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_PAGE_MAX } from './constants.js';
import { MSG } from './messages.js';

// Requests of the notification calls (spec §7: GET /notifications, GET /notifications_nv, POST /notifications).
// Their answers are in answers/notifications.ts.

/** Ids are bigint in the database; 18 digits always fit. */
const notificationId = z.string().regex(/^\d{1,18}$/, { error: MSG.invalidInput });

/** Query-string values: an empty `?a=` means "not given". */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** GET /api/notifications?a={id}&l={limit}: newest first; `a` continues after the oldest one the client holds. */
export const notificationsQuery = z.object({
  a: optionalParam(notificationId),
  l: optionalParam(z.coerce.number({ error: MSG.invalidInput }).int().min(1)).transform((l) =>
    Math.min(l ?? NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_PAGE_MAX),
  ),
});

/**
 * POST /api/notifications: marks the caller's notifications as seen; with `id`, only those up to it (the
 * newest one the list showed), so one that arrived meanwhile stays pending. An empty body marks them all.
 */
export const markNotificationsSeenBody = z.object({ id: notificationId.optional() });
export type MarkNotificationsSeenBody = z.input<typeof markNotificationsSeenBody>;
