import { useInfiniteQuery } from '@tanstack/react-query';
import { FOLLOWS_PAGE_DEFAULT } from '@nomadas/shared';
import type { FollowsListName, FollowsPerson } from '@nomadas/shared/schemas';
import { call } from '../client';
import { dataOf } from './apiData';

export type { FollowsListName, FollowsPerson };

export interface FollowsPage {
  people: FollowsPerson[];
  fin: boolean;
}

const FOLLOWS_ROOT = ['follows'] as const;
export const followsListRoot = FOLLOWS_ROOT;
export const followsListKey = (username: string, list: FollowsListName) =>
  [...FOLLOWS_ROOT, username.toLowerCase(), list] as const;

/** GET /api/follows/{username}?list=…: someone's followers or the people they follow, a page at a time. */
export function useFollowsListQuery(username: string, list: FollowsListName) {
  return useInfiniteQuery({
    queryKey: followsListKey(username, list),
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<FollowsPage> => {
      const query = { n: pageParam, l: FOLLOWS_PAGE_DEFAULT, list };
      const data = await dataOf(call('GET /follows/:username', { params: { username }, query }, { signal }));
      return { people: data[list], fin: data.fin[list] === 1 };
    },
    getNextPageParam: (last, pages) =>
      last.fin ? undefined : pages.reduce((count, page) => count + page.people.length, 0),
  });
}
