import { setOverlay, type AuthMode } from '../../app/shellStore';

export { AUTH_MODE, type AuthMode } from '../../app/shellStore';

/** The modal's code (and zod with it) is a separate chunk, fetched on first use or on hover of a Login button. */
export const loadAuthModal = () => import('./AuthModal');

export function preloadAuthModal(): void {
  void loadAuthModal();
}

/** Opens the login/register modal in a mode: AUTH_MODE.login (1), .register (2) or .recovery (3). */
export function openAuthModal(mode: AuthMode): void {
  setOverlay({ kind: 'auth', mode });
}
