import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FileStore } from '@tus/file-store';
import { Metadata, Server as TusServer, type Upload } from '@tus/server';
import {
  MSG,
  VIDEO_UPLOAD_METADATA,
  VIDEO_UPLOAD_PATH,
  VIDEO_UPLOAD_RESULT_HEADER,
  videoPendingMessage,
  videoTooLargeMessage,
  videoTooLongMessage,
} from '@nomadas/shared';
import { videoUploadMetadata } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import { requireViewer } from '../../http/auth.js';
import { catalogueMessage, clientErrorMessage } from '../../http/client-errors.js';
import { ko } from '../../http/envelope.js';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { serveCall, type CallRequest } from '../../http/route-table.js';
import { containsNul } from '../../http/nul-guard.js';
import { createUploadLocker } from '../../http/tus-locker.js';
import { mediaTools } from '../../media/ffmpeg.js';
import { quickBudget, videoRefusal, type VideoRefusal } from '../../media/ffmpeg-fence.js';
import { probeVideo } from '../../media/video-probe.js';
import { readFileHead, sniffVideoContainer } from '../../media/video-sniff.js';
import { findChannelOfOwner } from '../channels/channels.service.js';
import { uploadQuota } from './upload-quota.js';
import {
  createVideoDirs,
  originalStoreKey,
  UPLOAD_OWNER_KEY as OWNER_KEY,
  videoDirs,
} from './video-files.js';
import { checkOriginalLater } from './video-originals.js';
import { countPendingVideos, createUploadedVideo, findFinishedUpload } from './videos.service.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const ONE_UPLOAD_CALLS = [
  'HEAD /video-uploads/:id',
  'PATCH /video-uploads/:id',
  'DELETE /video-uploads/:id',
] as const;
type OneUploadCall = (typeof ONE_UPLOAD_CALLS)[number];
/** tus names uploads with 16 random bytes in hex. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

interface Uploader {
  userId: string;
  title: string;
  filename: string;
}
/** The checked uploader of a creation request, from the route to tus's onUploadCreate. */
const uploaders = new WeakMap<IncomingMessage, Uploader>();
/** Who asks where which upload stands (HEAD), from the route to tus's onResponseError. */
const askers = new WeakMap<IncomingMessage, { viewerId: string; uploadId: string }>();

type NodeContext = { req: IncomingMessage; res: ServerResponse };
const nodeOf = (request: unknown): NodeContext | undefined =>
  (request as { runtime?: { node?: NodeContext } }).runtime?.node;

const koBody = (msg: string) => JSON.stringify(ko(msg));

/** The tus Upload-Metadata header, decoded and checked with the shared schema (400 with its msg). */
function readUploadMetadata(header: string | string[] | undefined): Omit<Uploader, 'userId'> {
  let decoded: Record<string, string | null> = {};
  if (typeof header === 'string' && header.trim() !== '') {
    try {
      decoded = Metadata.parse(header);
    } catch {
      throw badRequest(MSG.invalidInput);
    }
  }
  const fields = {
    title: decoded[VIDEO_UPLOAD_METADATA.title] ?? undefined,
    filename: decoded[VIDEO_UPLOAD_METADATA.filename] ?? undefined,
  };
  if (containsNul(fields)) throw badRequest(MSG.invalidCharacters);
  const parsed = videoUploadMetadata.safeParse(fields);
  if (!parsed.success) throw badRequest(catalogueMessage(parsed.error.issues[0]?.message));
  return { title: parsed.data.title, filename: parsed.data.filename ?? '' };
}

/**
 * The resumable video upload (tus 1.0.0) at /api/video-uploads: POST creates an upload, PATCH appends
 * bytes (streamed to disk by @tus/file-store, never held in memory), HEAD tells where to resume, DELETE
 * drops it. The parts live in VIDEO_UPLOAD_DIR, shared by every instance, and tus's lock on an upload is held
 * in PostgreSQL (http/tus-locker.ts), so each request of an upload may land on any instance. Our checks
 * (session, channel, size, title, owner, the user's other uploads and waiting videos) run first and answer
 * with the envelope; the finished file is checked by its bytes and by ffprobe against the fence
 * (media/ffmpeg-fence.ts), then becomes an original in the media store, a video and its processing job.
 */
export const videoUploadRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    const dirs = videoDirs(ctx.config);
    await createVideoDirs(dirs);
    const log: FastifyBaseLogger = api.log;
    const tooLarge = videoTooLargeMessage(Math.round(ctx.config.videoMaxBytes / (1024 * 1024)));
    const store = new FileStore({ directory: dirs.uploads });
    const locker = createUploadLocker(ctx.config.databaseSessionUrl);
    api.addHook('onClose', () => locker.close());
    const quota = uploadQuota(store, dirs.uploads, ctx.config);
    const refusals: Record<VideoRefusal, string> = {
      format: MSG.videoFormatNotAllowed,
      duration: videoTooLongMessage(Math.floor(ctx.config.videoMaxDurationSeconds / 60)),
      size: MSG.videoTooDemanding,
    };

    /** A finished upload: refused and removed, or stored as an original in the media store and made a video. */
    async function acceptUpload(upload: Upload) {
      const file = path.join(dirs.uploads, upload.id);
      const refuse = async (status: number, msg: string) => {
        await store.remove(upload.id).catch(() => undefined);
        return { status_code: status, headers: { 'Content-Type': JSON_TYPE }, body: koBody(msg) };
      };
      try {
        const owner = upload.metadata?.[OWNER_KEY];
        if (!owner) return await refuse(400, MSG.invalidInput);
        if (!upload.size) return await refuse(400, MSG.videoEmpty);
        if (!sniffVideoContainer(await readFileHead(file))) return await refuse(415, MSG.videoNotVideo);
        const tools = await mediaTools(ctx.config, log);
        const probe = await probeVideo(tools, file, { budget: quickBudget(ctx.config) });
        if (!probe) return await refuse(415, MSG.videoNotVideo);
        const refusal = videoRefusal(probe, ctx.config);
        if (refusal) return await refuse(415, refusals[refusal]);
        const channel = await findChannelOfOwner(ctx.db, owner);
        if (!channel) return await refuse(400, MSG.channelRequired);

        // Into the shared store, so that any instance's worker can process it; checked later in case this
        // instance dies before its video is committed.
        await checkOriginalLater(ctx.db, upload.id);
        await ctx.media.putFile(originalStoreKey(upload.id), file);
        await store.configstore.delete(upload.id);
        const video = await createUploadedVideo(ctx.db, {
          ownerId: owner,
          channelId: channel.id,
          title: upload.metadata?.[VIDEO_UPLOAD_METADATA.title] ?? '',
          originalName: upload.metadata?.[VIDEO_UPLOAD_METADATA.filename] ?? '',
          uploadId: upload.id,
          uploadBytes: upload.size,
        }).catch(async (error: unknown) => {
          await ctx.media.remove(originalStoreKey(upload.id));
          throw error;
        });
        ctx.jobs.wake();
        return { headers: { [VIDEO_UPLOAD_RESULT_HEADER]: video.name } };
      } catch (error) {
        // A failed upload leaves nothing behind: the browser starts it again.
        await store.remove(upload.id).catch(() => undefined);
        throw error;
      }
    }

    /**
     * tus forgets an upload once it is a video. A browser whose last PATCH got no answer asks where it
     * stands (HEAD) and, told 404, would send the whole file again as a second video: it is told instead
     * that the upload is complete, and which video it became (the same header as the PATCH's answer).
     */
    async function answerFinished(request: unknown) {
      const node = nodeOf(request);
      const asker = node && askers.get(node.req);
      if (!node || !asker) return undefined;
      const finished = await findFinishedUpload(ctx.db, asker.uploadId, asker.viewerId);
      if (!finished) return undefined;
      node.res.setHeader('Upload-Offset', finished.bytes);
      node.res.setHeader('Upload-Length', finished.bytes);
      node.res.setHeader(VIDEO_UPLOAD_RESULT_HEADER, finished.video);
      return { status_code: 200, body: '' };
    }

    const tus = new TusServer({
      path: VIDEO_UPLOAD_PATH,
      datastore: store,
      locker,
      relativeLocation: true,
      maxSize: ctx.config.videoMaxBytes,
      // Same origin only: no CORS headers.
      allowedOrigins: () => false,
      exposedHeaders: [VIDEO_UPLOAD_RESULT_HEADER],
      async onUploadCreate(request) {
        const node = nodeOf(request);
        const uploader = node && uploaders.get(node.req);
        if (!uploader) throw { status_code: 401, body: koBody(MSG.sessionRequired) };
        return {
          metadata: {
            [VIDEO_UPLOAD_METADATA.title]: uploader.title,
            [VIDEO_UPLOAD_METADATA.filename]: uploader.filename,
            [OWNER_KEY]: uploader.userId,
          },
        };
      },
      onUploadFinish: (_request, upload) => acceptUpload(upload),
      // tus's own refusals (over-size while streaming, offset conflicts, unknown uploads) in the envelope.
      async onResponseError(request, error) {
        const status = 'status_code' in error ? error.status_code : 500;
        if (status === 404) {
          const finished = await answerFinished(request);
          if (finished) return finished;
        }
        if (status >= 500) log.error({ err: error }, 'video upload failed');
        nodeOf(request)?.res.setHeader('content-type', JSON_TYPE);
        if ('body' in error && error.body.startsWith('{')) return { status_code: status, body: error.body };
        const msg = status === 413 ? tooLarge : status >= 500 ? MSG.serverError : clientErrorMessage(status);
        return { status_code: status, body: koBody(msg) };
      },
    });

    async function handOver(request: FastifyRequest, reply: FastifyReply) {
      reply.hijack();
      reply.raw.setHeader('cache-control', 'no-store');
      try {
        await tus.handle(request.raw, reply.raw);
      } catch (error) {
        log.error({ err: error }, 'video upload failed');
        if (reply.raw.headersSent) return void reply.raw.destroy();
        reply.raw.writeHead(500, { 'content-type': JSON_TYPE }).end(koBody(MSG.serverError));
      }
    }

    // The body of a PATCH (and of a POST that carries its first bytes) is left for tus to stream to disk.
    api.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

    // Same origin only, so no OPTIONS preflight. Its chunks are counted by the upload limit when the upload is
    // created, not one by one against the general write budget.
    const tusRoute = { config: { ownWriteLimit: true } };

    serveCall(api, 'POST /video-uploads', tusRoute, async (request, reply) => {
      const viewer = requireViewer(request);
      await ctx.limits.consume('uploadUser', viewer.id);
      const channel = await findChannelOfOwner(ctx.db, viewer.id);
      if (!channel) throw badRequest(MSG.channelRequired);
      const length = request.headers['upload-length'];
      if (typeof length === 'string' && Number(length) > ctx.config.videoMaxBytes) {
        throw new ApiError(413, tooLarge);
      }
      if (length === '0') throw badRequest(MSG.videoEmpty);
      const metadata = readUploadMetadata(request.headers['upload-metadata']);
      // Each video waiting takes a turn of everybody's queue: a few at a time per user.
      if ((await countPendingVideos(ctx.db, channel.id)) >= ctx.config.videoMaxPending) {
        throw new ApiError(429, videoPendingMessage(ctx.config.videoMaxPending));
      }
      const declared = Number(length);
      const done = await quota.admit(viewer.id, Number.isSafeInteger(declared) ? declared : undefined);
      uploaders.set(request.raw, { userId: viewer.id, ...metadata });
      try {
        await handOver(request, reply);
      } finally {
        done();
      }
      return reply;
    });

    /** HEAD, PATCH and DELETE of one upload: its owner's only. */
    async function onUpload(request: CallRequest<OneUploadCall>, reply: FastifyReply) {
      const viewer = requireViewer(request);
      const { id } = request.params;
      if (!UPLOAD_ID.test(id)) throw notFound();
      // An unknown upload is tus's 404; someone else's is refused before a byte of the body is read.
      const upload = await store.getUpload(id).catch(() => undefined);
      if (upload && upload.metadata?.[OWNER_KEY] !== viewer.id) throw forbidden();
      if (request.method === 'HEAD') askers.set(request.raw, { viewerId: viewer.id, uploadId: id });
      if (request.method === 'PATCH') await quota.writingInto(id, () => handOver(request, reply));
      else await handOver(request, reply);
      return reply;
    }
    for (const name of ONE_UPLOAD_CALLS) serveCall(api, name, tusRoute, onUpload);
  };
