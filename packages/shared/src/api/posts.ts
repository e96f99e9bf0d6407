import {
  editedPostSchema,
  likeStateSchema,
  okEnvelope,
  okMessage,
  postsPageSchema,
  wallPostSchema,
} from '../answers/index.js';
import { postActionParams, postUrlParams, postsQuery, updatePostBody } from '../posts.js';
import type { CallTable } from './call.js';
import { idempotentWrite } from './idempotent.js';

export const postsCalls = {
  'GET /posts': { query: postsQuery, answer: okEnvelope(postsPageSchema) },
  'GET /post/:url': { params: postUrlParams, answer: okEnvelope(wallPostSchema) },
  /** The photo is `media`; its text and place are checked by createPostFields. */
  'POST /post/create': {
    ...idempotentWrite,
    form: { media: 'file', text: 'text', lugar: 'text' },
    answer: okEnvelope(wallPostSchema),
  },
  'POST /like/post/:posturl': {
    ...idempotentWrite,
    params: postActionParams,
    answer: okEnvelope(likeStateSchema),
  },
  'POST /denuncia/post/:posturl': { params: postActionParams, answer: okMessage },
  'POST /delete/post/:posturl': { ...idempotentWrite, params: postActionParams, answer: okMessage },
  'POST /update/post/:posturl': {
    params: postActionParams,
    body: updatePostBody,
    answer: okEnvelope(editedPostSchema),
  },
} satisfies CallTable;
