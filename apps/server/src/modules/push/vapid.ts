import crypto from 'node:crypto';
import webpush from 'web-push';
import type { Db } from '../../db/database.js';
import { readOrCreateVapidKey } from './push.queries.js';

/** The server's VAPID key pair (RFC 8292), base64url as web-push and PushManager.subscribe take them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Made by the first instance to start on the database and kept there (signing_keys), so every instance signs
 * with the same key and a restart does not orphan the browsers subscribed to it. The public key is derived.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const secret = await readOrCreateVapidKey(db, () =>
    Buffer.from(webpush.generateVAPIDKeys().privateKey, 'base64url'),
  );
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.setPrivateKey(secret);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: secret.toString('base64url') };
}
