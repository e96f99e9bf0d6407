import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver takes any well-formed signature made with these (its README). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  /** MEDIA_S3_* naming the bucket: pass to startTestServer (or an app process's environment). */
  env: Record<string, string>;
  bucket: string;
  /** A client on the server, to look at the bucket beside the app. */
  client: S3Client;
  /** An object's bytes, or null when there is none. */
  readObject(key: string): Promise<Buffer | null>;
  /** Every key in the bucket, sorted. */
  listKeys(): Promise<string[]>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 and a spare port, with its own folder and one empty bucket:
 * what an app on MEDIA_S3_* talks to in tests. Puts, ranged gets, multipart uploads and deletes are S3's own
 * calls; s3rver lacks ListParts and AbortMultipartUpload, and takes `bytes=-N` (a suffix range) for the whole file.
 */
export async function startS3Server(bucket = 'nomadas-media'): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  // As the app's store does (s3-media-store.ts): no Node-version notice from the SDK in the test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });

  return {
    env: {
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
    },
    bucket,
    client,
    async readObject(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async listKeys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      server.httpServer?.closeAllConnections();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** Reads a stream to its end (what MediaStore.open answers). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
