import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertSafeKey,
  isSafeKey,
  MEDIA_CACHE_CONTROL,
  MEDIA_URL_PREFIX,
  servedTypeOf,
  type MediaStore,
} from './media-store.js';

/** An S3-compatible bucket (README "Configuration", MEDIA_S3_*). */
export interface S3MediaOptions {
  bucket: string;
  /** An S3-compatible service (MinIO, Ceph, R2…); undefined: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Undefined: the SDK's default chain (AWS_* variables, the machine's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`, as most self-hosted services need. */
  forcePathStyle: boolean;
  /** Where browsers load the files from (a CDN in front of the bucket), no trailing slash; undefined: /media/. */
  publicUrl: string | undefined;
}

/** What /media/ asks of the bucket for one request. */
export interface BucketReadRequest {
  head: boolean;
  /** One byte range, `bytes=first-[last]` or `bytes=-suffix`, already checked. */
  range: string | undefined;
  ifNoneMatch: string | undefined;
}

export type BucketRead =
  | { status: 404 }
  | { status: 304 }
  | { status: 416; size: number | undefined }
  | {
      status: 200 | 206;
      contentType: string | undefined;
      contentLength: number | undefined;
      contentRange: string | undefined;
      etag: string | undefined;
      lastModified: Date | undefined;
      /** Undefined for a HEAD. */
      body: Readable | undefined;
    };

export interface S3MediaStore extends MediaStore {
  /** Reads a file for /media/, as the bucket answers it (range, validators); no key checks of its own. */
  read(key: string, request: BucketReadRequest): Promise<BucketRead>;
  /** Closes the client's connections. */
  close(): void;
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/** Content-Type and caching travel with the object, so the bucket or a CDN serves them as the app does. */
const objectHeaders = (key: string) => ({
  ContentType: servedTypeOf(key) ?? 'application/octet-stream',
  CacheControl: MEDIA_CACHE_CONTROL,
});

export function createS3MediaStore(options: S3MediaOptions): S3MediaStore {
  // The SDK warns once, on stderr, that its 2027 releases will need Node 22; the operator chose the Node this
  // runs on (AWS's documented switch, aws-sdk-js-v3#7983; an operator's own setting wins).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible services that predate AWS's default CRC32 trailers
    // (aws-chunked uploads) refuse or mis-store such uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket, publicUrl } = options;
  const urlPrefixes = [...(publicUrl ? [`${publicUrl}/`] : []), MEDIA_URL_PREFIX];

  async function objectSize(key: string): Promise<number | undefined> {
    const head = await client
      .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
      .catch(() => undefined);
    return head?.ContentLength;
  }

  return {
    async put(key, body) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ...objectHeaders(key) }),
      );
    },
    async putFile(key, sourcePath) {
      assertSafeKey(key);
      // Streamed in parts (a multipart upload past 5 MB): the object appears whole when it completes, or never.
      const source = fs.createReadStream(sourcePath);
      try {
        await new Upload({
          client,
          params: { Bucket: bucket, Key: key, Body: source, ...objectHeaders(key) },
        }).done();
      } finally {
        source.destroy();
      }
      await fs.promises.rm(sourcePath, { force: true });
    },
    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    urlFor(key) {
      assertSafeKey(key);
      return `${urlPrefixes[0]}${key}`;
    },
    keyOf(url) {
      // Both forms: URLs stored before MEDIA_PUBLIC_URL was set (or changed back) still name their files.
      const prefix = urlPrefixes.find((candidate) => url.startsWith(candidate));
      const key = prefix && url.slice(prefix.length);
      return key && isSafeKey(key) ? key : undefined;
    },
    async open(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    async read(key, { head, range, ifNoneMatch }) {
      const input = { Bucket: bucket, Key: key, Range: range, IfNoneMatch: ifNoneMatch };
      try {
        const object = head
          ? await client.send(new HeadObjectCommand(input))
          : await client.send(new GetObjectCommand(input));
        return {
          status: object.ContentRange ? 206 : 200,
          contentType: object.ContentType,
          contentLength: object.ContentLength,
          contentRange: object.ContentRange,
          etag: object.ETag,
          lastModified: object.LastModified,
          body: 'Body' in object ? (object.Body as Readable) : undefined,
        };
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) return { status };
        if (status === 304) return { status };
        // The size goes in the 416's Content-Range; asked only on this rare path.
        if (status === 416) return { status, size: await objectSize(key) };
        throw error;
      }
    },
    close() {
      client.destroy();
    },
  };
}
