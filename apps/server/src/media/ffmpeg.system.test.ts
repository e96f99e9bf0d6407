import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { makePoster, mediaTools, phoneSize, runTool, transcodeForPhones, type MediaTools } from './ffmpeg.js';
import { probeVideo } from './video-probe.js';
import { makeTestClip } from '../test/test-clip.js';

let dir: string;
let tools: MediaTools;

/** A test clip (test/test-clip.ts), turned as a phone held upright stores it when `rotate` is given. */
async function makeClip(
  name: string,
  options: { size: string; seconds: number; rotate?: number; audio?: boolean },
) {
  const file = await makeTestClip(path.join(dir, name), options);
  if (!options.rotate) return file;
  // As a phone held upright writes it: the picture stored sideways, a rotation in the track header.
  const turned = path.join(dir, `turned-${name}`);
  await runTool(tools.ffmpeg, [
    '-loglevel',
    'error',
    '-i',
    file,
    '-c',
    'copy',
    '-metadata:s:v:0',
    `rotate=${options.rotate}`,
    turned,
  ]);
  return turned;
}

/** The top-level boxes of an ISO-BMFF file, in order. */
async function topLevelBoxes(file: string): Promise<string[]> {
  const bytes = await fs.readFile(file);
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(offset);
    boxes.push(bytes.toString('latin1', offset + 4, offset + 8));
    offset += size === 1 ? Number(bytes.readBigUInt64BE(offset + 8)) : size;
    if (size === 0) break;
  }
  return boxes;
}

async function codecs(file: string): Promise<string[]> {
  const out = await runTool(tools.ffprobe, [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,pix_fmt',
    '-of',
    'json',
    file,
  ]);
  return (JSON.parse(out.toString()) as { streams: { codec_name: string; pix_fmt?: string }[] }).streams.map(
    (stream) => [stream.codec_name, stream.pix_fmt].filter(Boolean).join('/'),
  );
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-ffmpeg-'));
  tools = await mediaTools();
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('the binaries', () => {
  it("runs the system's ffmpeg, a maintained build (Debian's 5.1 here), not a bundled 4.x", async () => {
    const version = (await runTool(tools.ffmpeg, ['-version'])).toString();
    expect(Number(/^ffmpeg version (?:n)?(\d+)\./.exec(version)?.[1])).toBeGreaterThanOrEqual(5);
    expect(tools.ffmpeg).not.toMatch(/node_modules/);
  });

  it('says which binary is missing', async () => {
    await expect(mediaTools({ ffprobePath: path.join(dir, 'nowhere', 'ffprobe') })).rejects.toThrow(
      /nowhere\/ffprobe/,
    );
  });
});

describe('phoneSize', () => {
  it('caps at 720p keeping the aspect, turns upright videos and keeps even numbers', () => {
    const square = { rotation: 0, pixelAspect: 1 };
    expect(phoneSize({ ...square, width: 1920, height: 1080 })).toEqual({ width: 1280, height: 720 });
    expect(phoneSize({ ...square, width: 3840, height: 2160, rotation: 90 })).toEqual({
      width: 720,
      height: 1280,
    });
    expect(phoneSize({ ...square, width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
    expect(phoneSize({ ...square, width: 321, height: 241 })).toEqual({ width: 322, height: 242 });
    expect(phoneSize({ ...square, width: 2000, height: 2000 })).toEqual({ width: 720, height: 720 });
    // Anamorphic DV: 720×576 pixels shown 16:9.
    expect(phoneSize({ width: 720, height: 576, rotation: 0, pixelAspect: 64 / 45 })).toEqual({
      width: 1024,
      height: 576,
    });
  });
});

describe('probe, transcode and poster', { timeout: 60_000 }, () => {
  it('turns a phone clip filmed upright into an H.264/AAC MP4 with its index first, with progress', async () => {
    const clip = await makeClip('upright.mp4', { size: '320x240', seconds: 2, rotate: 90 });
    const probe = await probeVideo(tools, clip);
    expect(probe).toMatchObject({ width: 320, height: 240, hasAudio: true });
    expect([90, 270]).toContain(probe!.rotation);
    expect(probe!.duration).toBeCloseTo(2, 0);

    const output = path.join(dir, 'upright-out.mp4');
    const progress: number[] = [];
    const size = await transcodeForPhones(tools, clip, output, probe!, {
      onProgress: (f) => progress.push(f),
    });
    expect(size).toEqual({ width: 240, height: 320 });
    const made = await probeVideo(tools, output);
    expect(made).toMatchObject({ width: 240, height: 320, rotation: 0, hasAudio: true });
    expect(await codecs(output)).toEqual(['h264/yuv420p', 'aac']);
    const boxes = await topLevelBoxes(output);
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)!).toBeGreaterThan(0.9);

    const poster = await makePoster(tools, output, made!.duration);
    const meta = await sharp(poster).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 240, height: 320 });
    expect(meta.exif).toBeUndefined();
  });

  it('leaves out the audio track of a silent clip', async () => {
    const clip = await makeClip('silent.mp4', { size: '320x240', seconds: 1, audio: false });
    const probe = await probeVideo(tools, clip);
    expect(probe).toMatchObject({ hasAudio: false });
    const output = path.join(dir, 'silent-out.mp4');
    await transcodeForPhones(tools, clip, output, probe!);
    expect(await codecs(output)).toEqual(['h264/yuv420p']);
  });

  it('finds no video in a text file or in audio alone', async () => {
    const text = path.join(dir, 'nota.mp4');
    await fs.writeFile(text, 'Esto es un texto, no un vídeo.\n'.repeat(50));
    expect(await probeVideo(tools, text)).toBeUndefined();
    const audio = path.join(dir, 'tono.m4a');
    await runTool(tools.ffmpeg, [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-c:a',
      'aac',
      audio,
    ]);
    expect(await probeVideo(tools, audio)).toBeUndefined();
  });

  it('stops ffmpeg at once when aborted', async () => {
    const clip = await makeClip('long.mp4', { size: '640x360', seconds: 20 });
    const probe = await probeVideo(tools, clip);
    const controller = new AbortController();
    const started = Date.now();
    const transcoding = transcodeForPhones(tools, clip, path.join(dir, 'long-out.mp4'), probe!, {
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('stop now')),
    });
    await expect(transcoding).rejects.toThrow('stop now');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
