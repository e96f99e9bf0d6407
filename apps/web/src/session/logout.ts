import { api } from '../api/client';
import { session } from './session';

/** The logout button: tells the server (revokes the token), then clears the session whatever it answered. */
export async function logout(): Promise<void> {
  if (!session.getToken()) return;
  await api.post('/logout', undefined, { timeoutMs: 5000, keepSessionOn401: true });
  session.logout('button');
}
