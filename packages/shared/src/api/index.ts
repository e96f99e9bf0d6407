import type { z } from 'zod';
import { accountsCalls } from './accounts.js';
import type { JsonCall } from './call.js';
import { channelsCalls } from './channels.js';
import { chatCalls } from './chat.js';
import { commentsCalls } from './comments.js';
import { contactCalls } from './contact.js';
import { guideCalls } from './guide.js';
import { premiumCalls } from './premium.js';
import { healthCalls } from './health.js';
import { mapCalls } from './map.js';
import { placeStatusCalls } from './placeStatus.js';
import { moderationCalls } from './moderation.js';
import { notificationsCalls } from './notifications.js';
import { ownProfileCalls } from './ownProfile.js';
import { peopleCalls } from './people.js';
import { postsCalls } from './posts.js';
import { pushCalls } from './push.js';
import { searchCalls } from './search.js';
import { trackingCalls } from './tracking.js';
import { videoUploadsCalls } from './videoUploads.js';

export type { Call } from './call.js';
export type { CallInput, CallResult } from './callInput.js';

/**
 * Every call of the API (served under /api), by its method and path. The server imports it whole; the browser
 * only its types, so none of its schemas reach the bundle.
 */
export const apiCalls = {
  ...healthCalls,
  ...accountsCalls,
  ...trackingCalls,
  ...contactCalls,
  ...postsCalls,
  ...commentsCalls,
  ...peopleCalls,
  ...moderationCalls,
  ...notificationsCalls,
  ...searchCalls,
  ...ownProfileCalls,
  ...chatCalls,
  ...mapCalls,
  ...placeStatusCalls,
  ...videoUploadsCalls,
  ...channelsCalls,
  ...pushCalls,
  ...guideCalls,
  ...premiumCalls,
};

export type ApiCalls = typeof apiCalls;
export type ApiCallName = keyof ApiCalls;

type SchemaOf<K extends ApiCallName, F extends keyof JsonCall> = ApiCalls[K] extends {
  [P in F]: infer S extends z.ZodType;
}
  ? S
  : unknown;

/** What a call's path, query, body and headers hold, as the server reads them (unknown when it has none). */
export type CallParams<K extends ApiCallName> = z.output<SchemaOf<K, 'params'>>;
export type CallQuery<K extends ApiCallName> = z.output<SchemaOf<K, 'query'>>;
export type CallBody<K extends ApiCallName> = z.output<SchemaOf<K, 'body'>>;
export type CallHeaders<K extends ApiCallName> = z.output<SchemaOf<K, 'headers'>>;
/** The JSON a call answers with 200. */
export type CallAnswer<K extends ApiCallName> = z.output<SchemaOf<K, 'answer'>>;
