import { z } from 'zod';
import { usernameParams } from '../accounts.js';
import {
  followStateSchema,
  followsListsSchema,
  friendSchema,
  okEnvelope,
  publicProfileSchema,
  recommendedUserSchema,
} from '../answers/index.js';
import { followsQuery } from '../profiles.js';
import type { CallTable } from './call.js';
import { idempotentWrite } from './idempotent.js';

/** Profiles, friends and follows. */
export const peopleCalls = {
  'GET /perfil/:username': { params: usernameParams, answer: okEnvelope(publicProfileSchema) },
  'GET /friends': { answer: okEnvelope(z.array(friendSchema)) },
  'GET /follows/:username': {
    params: usernameParams,
    query: followsQuery,
    answer: okEnvelope(followsListsSchema),
  },
  'POST /follow/user/:username': {
    ...idempotentWrite,
    params: usernameParams,
    answer: okEnvelope(followStateSchema),
  },
  'POST /quitfollow/:username': {
    ...idempotentWrite,
    params: usernameParams,
    answer: okEnvelope(followStateSchema),
  },
  'GET /perfil_recomendados': { answer: okEnvelope(z.array(recommendedUserSchema)) },
} satisfies CallTable;
