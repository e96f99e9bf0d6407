import {
  notificationsPageSchema,
  notificationsSeenSchema,
  okEnvelope,
  pendingNotificationsSchema,
} from '../answers/index.js';
import { markNotificationsSeenBody, notificationsQuery } from '../notifications.js';
import type { CallTable } from './call.js';

export const notificationsCalls = {
  'GET /notifications': { query: notificationsQuery, answer: okEnvelope(notificationsPageSchema) },
  'GET /notifications_nv': { answer: okEnvelope(pendingNotificationsSchema) },
  'POST /notifications': { body: markNotificationsSeenBody, answer: okEnvelope(notificationsSeenSchema) },
} satisfies CallTable;
