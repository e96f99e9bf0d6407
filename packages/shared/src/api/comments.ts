import {
  commentsAnswerSchema,
  createdCommentSchema,
  deletedCommentSchema,
  likeStateSchema,
  okEnvelope,
} from '../answers/index.js';
import {
  commentIdParams,
  commentListParams,
  commentsQuery,
  createCommentBody,
  postActionParams,
} from '../posts.js';
import type { CallTable } from './call.js';
import { idempotentWrite } from './idempotent.js';

export const commentsCalls = {
  'GET /comment/get/:post': { params: commentListParams, query: commentsQuery, answer: commentsAnswerSchema },
  'POST /comment/create/:posturl': {
    ...idempotentWrite,
    params: postActionParams,
    body: createCommentBody,
    answer: okEnvelope(createdCommentSchema),
  },
  'POST /comment/like/:id': {
    ...idempotentWrite,
    params: commentIdParams,
    answer: okEnvelope(likeStateSchema),
  },
  'POST /comment/delete/:id': {
    ...idempotentWrite,
    params: commentIdParams,
    answer: okEnvelope(deletedCommentSchema),
  },
} satisfies CallTable;
