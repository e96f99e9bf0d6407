import { useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@nomadas/shared/schemas';
import { call } from '../client';
import { dataOf } from './apiData';

export type { OwnProfile };

// Not under 'perfil': someone's public profile (/perfil/{name}) may use that, and 'own' is a valid username.
export const ownProfileKey = ['perfil_propio'] as const;

/** GET /api/perfil: the own profile, with the e-mail and a change waiting for its link. */
export function useOwnProfileQuery() {
  return useQuery({
    queryKey: ownProfileKey,
    queryFn: ({ signal }) => dataOf(call('GET /perfil', undefined, { signal })),
    // An e-mail change is confirmed from a mail, often in another tab: coming back shows it.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
