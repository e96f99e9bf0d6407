import { useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@nomadas/shared/schemas';
import { find } from '../client';
import { foundData } from './apiData';

export type { PublicProfile };

const PROFILE_ROOT = ['perfil'] as const;
export const profileRoot = PROFILE_ROOT;
/** Usernames are lower case; a link may not be. */
export const profileKey = (username: string) => [...PROFILE_ROOT, username.toLowerCase()] as const;

/** GET /api/perfil/{username}: someone's public profile. null when nobody has that name (404). */
export function useProfileQuery(username: string) {
  return useQuery({
    queryKey: profileKey(username),
    queryFn: async ({ signal }): Promise<PublicProfile | null> => {
      return foundData(find('GET /perfil/:username', { params: { username } }, { signal }));
    },
    enabled: username !== '',
  });
}
