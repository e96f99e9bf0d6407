import { useQuery } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { PublicProfile } from '@nomadas/shared/schemas';
import { api } from '../client';
import { ApiFailure, segment } from './apiData';

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
      const answer = await api.get<ApiEnvelope<PublicProfile>>(`/perfil/${segment(username)}`, { signal });
      // 404 is swallowed by the client (spec §8) and reads as "no such user".
      if (answer === false) return null;
      if (answer.state !== 'OK' || !answer.data) throw new ApiFailure(answer.msg);
      return answer.data;
    },
    enabled: username !== '',
  });
}
