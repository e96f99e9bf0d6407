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

export const commentsCalls = {
  'GET /comment/get/:post': { params: commentListParams, query: commentsQuery, answer: commentsAnswerSchema },
  'POST /comment/create/:posturl': {
    params: postActionParams,
    body: createCommentBody,
    answer: okEnvelope(createdCommentSchema),
  },
  'POST /comment/like/:id': { params: commentIdParams, answer: okEnvelope(likeStateSchema) },
  'POST /comment/delete/:id': { params: commentIdParams, answer: okEnvelope(deletedCommentSchema) },
} satisfies CallTable;
