import { GEOLOCATION_TIMEOUT_MS, type Coordinates } from '@nomadas/shared';

/**
 * The phone's position, read fresh with high accuracy and a 5 s time-out (spec §9), or false when there is
 * no geolocation, no permission or no fix in time (spec §8). It never leaves the phone as it is.
 */
export function locateMe(
  geolocation: Geolocation | undefined = navigator.geolocation,
): Promise<Coordinates | false> {
  if (!geolocation) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
        () => resolve(false),
        { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 0 },
      );
    } catch {
      resolve(false);
    }
  });
}

/** True when the browser already lets the app read the position (no prompt would show). */
export async function geolocationGranted(
  permissions: Permissions | undefined = navigator.permissions,
): Promise<boolean> {
  try {
    return (await permissions?.query({ name: 'geolocation' }))?.state === 'granted';
  } catch {
    return false;
  }
}
