import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxEntry, OutboxStorage } from './outboxEngine';

interface OutboxDb<W> extends DBSchema {
  writes: { key: string; value: OutboxEntry<W>; indexes: { user: string } };
}

const DB_NAME = 'nomadas-outbox';

/** The outbox kept in IndexedDB, one row per write, found by its user: it outlives a reload and a closed tab. */
export function indexedDbOutboxStorage<W>(): OutboxStorage<W> {
  let db: Promise<IDBPDatabase<OutboxDb<W>>> | null = null;
  const open = () =>
    (db ??= openDB<OutboxDb<W>>(DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore('writes', { keyPath: 'id' }).createIndex('user', 'user');
      },
    }));
  return {
    load: async (user) => (await open()).getAllFromIndex('writes', 'user', user),
    put: async (entry) => void (await (await open()).put('writes', entry)),
    remove: async (id) => (await open()).delete('writes', id),
    async removeUser(user) {
      const tx = (await open()).transaction('writes', 'readwrite');
      const ids = await tx.store.index('user').getAllKeys(user);
      await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
    },
  };
}
