import type { TestServer } from './harness.js';

type User = { token: string; username: string };

/** Makes two users friends (each follows the other) through the follow call, as the profile's button does. */
export async function befriend(t: TestServer, a: User, b: User): Promise<void> {
  for (const [who, whom] of [
    [a, b],
    [b, a],
  ] as const) {
    const answer = await t.post(`/api/follow/user/${whom.username}`, { token: who.token });
    if (answer.body.state !== 'OK') throw new Error(`follow failed: ${JSON.stringify(answer.body)}`);
  }
}
