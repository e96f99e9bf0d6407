import { useQuery } from '@tanstack/react-query';
import type { RecommendedUser } from '@nomadas/shared/schemas';
import { useFirstScreenPainted } from '../../app/idle';
import { call } from '../client';

export type { RecommendedUser };

export const recommendedUsersKey = ['perfil_recomendados'] as const;

/**
 * GET /api/perfil_recomendados. Anything but a list (the call missing, failing, a visitor refused) reads
 * as no suggestions: the side panel then simply leaves the section out. Asked for once the first screen has
 * painted: the wall's posts come first (until then the panel shows its skeleton).
 */
export function useRecommendedUsersQuery() {
  const painted = useFirstScreenPainted();
  return useQuery({
    enabled: painted,
    queryKey: recommendedUsersKey,
    queryFn: async ({ signal }): Promise<RecommendedUser[]> => {
      const answer = await call('GET /perfil_recomendados', undefined, { signal });
      if (answer === false || answer.state !== 'OK' || !Array.isArray(answer.data)) return [];
      return answer.data.filter((user) => typeof user?.username === 'string');
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}
