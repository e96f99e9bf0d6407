import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyBytes } from './pushKey';

describe('the VAPID key for PushManager.subscribe', () => {
  it('turns the base64url of GET /api/push/key back into the 65 bytes of the point', () => {
    for (let i = 0; i < 20; i++) {
      const point = crypto.createECDH('prime256v1');
      point.generateKeys();
      const bytes = point.getPublicKey();
      expect(Buffer.from(keyBytes(bytes.toString('base64url')))).toEqual(bytes);
    }
  });
});
