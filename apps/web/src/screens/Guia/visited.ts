import { browserStorage } from '../../app/storage';

// The gems a user marked as visited, on this device only: a personal checklist, not something to share.
const key = (username: string) => `nomadas.guia.visitadas.${username}`;

export function readVisited(username: string): Set<string> {
  try {
    const value: unknown = JSON.parse(browserStorage.getItem(key(username)) ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((slug) => typeof slug === 'string') : []);
  } catch {
    return new Set();
  }
}

export function writeVisited(username: string, slugs: Set<string>): void {
  browserStorage.setItem(key(username), JSON.stringify([...slugs]));
}
