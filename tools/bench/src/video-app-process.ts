import type { AddressInfo } from 'node:net';
import { loadConfig } from '@nomadas/server/config';
import { hashPassword } from '@nomadas/server/modules/accounts/passwords';
import { createServer } from '@nomadas/server/server';

/**
 * Child process of the video bench (video.ts): the real app configured by env, with one activated user who
 * owns a channel (BENCH_VIDEO_USER / BENCH_VIDEO_PASSWORD), so the bench can log in and upload at once.
 */
const server = await createServer(loadConfig());
const username = process.env.BENCH_VIDEO_USER!;
const user = await server.db
  .insertInto('users')
  .values({
    username,
    email: `${username}@example.com`,
    password_hash: await hashPassword(process.env.BENCH_VIDEO_PASSWORD!),
    activated_at: new Date(),
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await server.db
  .insertInto('channels')
  .values({ owner_id: user.id, url: 'banco-de-pruebas', name: 'Banco de pruebas' })
  .execute();
await server.app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (server.app.server.address() as AddressInfo).port });
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
