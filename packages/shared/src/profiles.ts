import { z } from 'zod';
import { FOLLOWS_PAGE_DEFAULT, FOLLOWS_PAGE_MAX } from './constants.js';
import { MSG } from './messages.js';

// ---------------------------------------------------------------- requests

/** Query-string values: an empty `?list=` means "not given". */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

export const FOLLOWS_LISTS = ['followers', 'following'] as const;
export type FollowsListName = (typeof FOLLOWS_LISTS)[number];

/**
 * GET /api/follows/{username}?n={offset}&l={limit}&list={followers|following}: both lists, newest first,
 * `l` people each from offset `n`. With `list` only that one is read (the other comes empty), to page it.
 */
export const followsQuery = z.object({
  n: optionalParam(z.coerce.number({ error: MSG.invalidInput }).int().min(0).max(1_000_000)).transform(
    (n) => n ?? 0,
  ),
  l: optionalParam(z.coerce.number({ error: MSG.invalidInput }).int().min(1)).transform((l) =>
    Math.min(l ?? FOLLOWS_PAGE_DEFAULT, FOLLOWS_PAGE_MAX),
  ),
  list: optionalParam(z.enum(FOLLOWS_LISTS, { error: MSG.invalidInput })),
});

// The answers (PublicProfile, Friend, FollowsLists, FriendChange) are zod schemas too, in answers/profiles.ts.
