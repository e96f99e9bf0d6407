import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { VIDEO_UPLOAD_PATH, VIDEO_UPLOAD_RESULT_HEADER } from '@nomadas/shared';
import type { Channel, OwnChannel, VideoCard } from '@nomadas/shared/schemas';
import { expect, inject } from 'vitest';
import { apiAs, uniqueUsername, type ApiSession } from './support';

// Channels and videos made through the API for the suites that need them (channels, a11y).

// Debian's ffmpeg (npm test makes sure it is installed), or FFMPEG_PATH as the server reads it.
const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const run = promisify(execFile);

/**
 * A 2 s clip of test picture and tone in a new temporary folder: small, but a real H.264/AAC MP4 that the server
 * probes and transcodes. `remove` deletes the folder.
 */
export async function makeClip(): Promise<{ file: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-e2e-clip-'));
  const file = path.join(dir, 'ruta.mp4');
  await run(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  return { file, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** Opens `owner`'s channel (POST /api/canales). */
export function createChannel(owner: ApiSession): Promise<Channel> {
  return apiAs<Channel>(owner, 'POST', '/canales', {
    nombre: `Ruta ${uniqueUsername('canal')}`,
    descripcion: 'Rutas en autocaravana por el norte.\nÁreas, trucos y paisajes.',
  });
}

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Uploads `file` as the browser's tus client does (create, then one PATCH); resolves to the video's name. */
export async function uploadVideo(owner: ApiSession, file: string, title: string): Promise<string> {
  const baseUrl = inject('baseUrl');
  const bytes = await fs.readFile(file);
  const tus = { 'API-TOKEN': owner.token, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${baseUrl}${VIDEO_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...tus,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `title ${base64(title)},filename ${base64(path.basename(file))}`,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const location = new URL(created.headers.get('location')!, `${baseUrl}${VIDEO_UPLOAD_PATH}/`).href;
  const sent = await fetch(location, {
    method: 'PATCH',
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  expect(sent.status, await sent.clone().text()).toBe(204);
  return sent.headers.get(VIDEO_UPLOAD_RESULT_HEADER)!;
}

/** Waits for the owner's video to be processed (its job runs in the background); resolves to its card. */
export async function videoReady(owner: ApiSession, name: string): Promise<VideoCard> {
  let video: VideoCard | undefined;
  await expect
    .poll(
      async () => {
        video = (await apiAs<OwnChannel>(owner, 'GET', '/canal')).videos.find((v) => v.name === name);
        return video?.state;
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe('lista');
  return video!;
}
