import { hideCurtain, showCurtain } from '../Curtain/curtain';
import { logout } from '../../session/logout';

/** The Logout buttons of the header and the menu: the curtain covers the round trip to the server. */
export async function logoutWithCurtain(): Promise<void> {
  showCurtain();
  try {
    await logout();
  } finally {
    hideCurtain();
  }
}
