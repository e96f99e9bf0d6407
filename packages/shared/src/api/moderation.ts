import { z } from 'zod';
import { moderationPageSchema, okEnvelope, okMessage, reportedPlaceSchema } from '../answers/index.js';
import { mapReportActionBody, urlpointParams } from '../map.js';
import { moderationActionBody, moderationQuery } from '../moderation.js';
import { postActionParams } from '../posts.js';
import type { CallTable } from './call.js';

/** The moderators' queues: posts hidden by reports, places reported to have wrong data. */
export const moderationCalls = {
  'GET /moderacion': { query: moderationQuery, answer: okEnvelope(moderationPageSchema) },
  'POST /moderacion/:posturl': { params: postActionParams, body: moderationActionBody, answer: okMessage },
  'GET /moderacion/lugares': { answer: okEnvelope(z.array(reportedPlaceSchema)) },
  'POST /moderacion/lugares/:urlpoint': {
    params: urlpointParams,
    body: mapReportActionBody,
    answer: okMessage,
  },
} satisfies CallTable;
