import {
  channelPageSchema,
  channelSchema,
  channelsPageSchema,
  okEnvelope,
  okMessage,
  ownChannelSchema,
  subscriptionSchema,
  videoLikeSchema,
  videoPageSchema,
  videoSchema,
  videoViewSchema,
} from '../answers/index.js';
import {
  channelParams,
  channelsQuery,
  channelVideosQuery,
  editChannelBody,
  editVideoBody,
  newChannelBody,
  subscribeParams,
  videoParams,
} from '../channels.js';
import type { CallTable } from './call.js';
import { idempotentWrite } from './idempotent.js';

const oneChannel = okEnvelope(channelSchema);

/** Video channels: the list, a channel, a video, and their owners' writes. */
export const channelsCalls = {
  'GET /canales': { query: channelsQuery, answer: okEnvelope(channelsPageSchema) },
  'POST /canales': { body: newChannelBody, answer: oneChannel },
  'GET /canal': { answer: okEnvelope(ownChannelSchema) },
  'GET /canales/:name': {
    params: channelParams,
    query: channelVideosQuery,
    answer: okEnvelope(channelPageSchema),
  },
  'POST /canales/:name/edit': { params: channelParams, body: editChannelBody, answer: oneChannel },
  'POST /canales/:name/avatar': { params: channelParams, form: { media: 'file' }, answer: oneChannel },
  'POST /canales/:name/cover': { params: channelParams, form: { media: 'file' }, answer: oneChannel },
  'POST /canales/:name/delete': { params: channelParams, answer: okMessage },
  'GET /canales/:name/:videoname': { params: videoParams, answer: okEnvelope(videoPageSchema) },
  'POST /canales/:name/:videoname/edit': {
    params: videoParams,
    body: editVideoBody,
    answer: okEnvelope(videoSchema),
  },
  'POST /canales/:name/:videoname/delete': { params: videoParams, answer: okMessage },
  'POST /canales/:name/:videoname/like': {
    ...idempotentWrite,
    params: videoParams,
    answer: okEnvelope(videoLikeSchema),
  },
  'POST /canales/:name/:videoname/view': { params: videoParams, answer: okEnvelope(videoViewSchema) },
  'POST /subscribe/:canal': {
    ...idempotentWrite,
    params: subscribeParams,
    answer: okEnvelope(subscriptionSchema),
  },
} satisfies CallTable;
