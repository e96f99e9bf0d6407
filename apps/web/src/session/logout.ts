import { logOut } from '../api/accounts';
import { session } from './session';

/** The logout button: tells the server (revokes the token), then clears the session whatever it answered. */
export async function logout(): Promise<void> {
  if (!session.getToken()) return;
  await logOut();
  session.logout('button');
}
