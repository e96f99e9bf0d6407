import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PremiumInterest } from '@nomadas/shared/schemas';
import { call } from '../client';
import { dataOf } from './apiData';

export const premiumInterestKey = ['premiumInterest'] as const;
export const premiumInterestListKey = ['premiumInterestList'] as const;

/** GET /api/premium/interest: whether the user already asked to hear of Premium. */
export function usePremiumInterestQuery(enabled: boolean) {
  return useQuery({
    queryKey: premiumInterestKey,
    enabled,
    queryFn: ({ signal }) => dataOf(call('GET /premium/interest', undefined, { signal })),
  });
}

/** POST /api/premium/interest ("Avísame"): once per user on the server, so pressing again is harmless. */
export function usePremiumInterestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(call('POST /premium/interest')),
    onSuccess: (interest) => queryClient.setQueryData<PremiumInterest>(premiumInterestKey, interest),
  });
}

/** GET /api/moderacion/premium: who asked, for the moderators. */
export function usePremiumInterestListQuery(enabled: boolean) {
  return useQuery({
    queryKey: premiumInterestListKey,
    enabled,
    queryFn: ({ signal }) => dataOf(call('GET /moderacion/premium', undefined, { signal })),
    retry: false,
  });
}
