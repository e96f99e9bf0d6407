import { QueryClient } from '@tanstack/react-query';
import { sessionEvents } from '../session/session';

/**
 * One cache for every data screen. It loads with the first screen that fetches (see QueryScope),
 * so TanStack Query stays out of the first screen's JS.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

// Refetch as the new user on login; on logout nothing fetched with the old token may remain.
sessionEvents.on('login', () => void queryClient.invalidateQueries());
sessionEvents.on('logout', () => queryClient.clear());
