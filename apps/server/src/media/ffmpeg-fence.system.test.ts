import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestClip } from '../test/test-clip.js';
import { videoRefusal, type ProbedVideo } from './ffmpeg-fence.js';
import {
  mediaTools,
  runTool,
  ToolFailedError,
  ToolOverBudgetError,
  transcodeForPhones,
  type MediaTools,
} from './ffmpeg.js';
import { probeVideo } from './video-probe.js';

/*
 * What ffmpeg may do with a user's file: the real Debian ffmpeg, given files built to go past the fence.
 */

let dir: string;
let tools: MediaTools;
let clip: string;
const limits = { videoMaxDurationSeconds: 60 };
const budget = (overrides: Partial<{ timeoutMs: number; cpuSeconds: number; memoryBytes: number }>) => ({
  timeoutMs: 60_000,
  cpuSeconds: 120,
  memoryBytes: 1024 ** 3,
  ...overrides,
});

const ffmpeg = (args: string[]) =>
  runTool(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-fence-'));
  tools = await mediaTools();
  clip = await makeTestClip(path.join(dir, 'clip.mp4'), { size: '320x240', seconds: 2 });
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('what ffmpeg reads', { timeout: 60_000 }, () => {
  it('refuses a codec outside the allow-list, and ffmpeg will not decode it', async () => {
    const mjpeg = path.join(dir, 'mjpeg.mp4');
    await ffmpeg(['-i', clip, '-c:v', 'mjpeg', '-an', mjpeg]);
    const probe = await probeVideo(tools, mjpeg);
    expect(probe).toMatchObject({ container: expect.stringContaining('mov'), videoCodec: 'mjpeg' });
    expect(videoRefusal(probe!, limits)).toBe('format');
    await expect(transcodeForPhones(tools, mjpeg, path.join(dir, 'mjpeg-out.mp4'), probe!)).rejects.toThrow(
      ToolFailedError,
    );
    // An audio codec outside the list too (AC-3 in an otherwise fine MP4).
    const ac3 = path.join(dir, 'ac3.mp4');
    await ffmpeg(['-i', clip, '-c:v', 'copy', '-c:a', 'ac3', ac3]);
    expect(videoRefusal((await probeVideo(tools, ac3))!, limits)).toBe('format');
    expect(videoRefusal((await probeVideo(tools, clip))!, limits)).toBeUndefined();
  });

  it('does not open a container outside the allow-list (AVI)', async () => {
    const avi = path.join(dir, 'clip.avi');
    await ffmpeg(['-i', clip, '-c', 'copy', avi]);
    expect(await probeVideo(tools, avi)).toBeUndefined();
  });

  it('follows no playlist: neither to a local file nor to a URL', async () => {
    const asked: string[] = [];
    const server = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const playlists = {
        'local.mp4': `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${clip}\n#EXT-X-ENDLIST\n`,
        'remote.mp4': `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nhttp://127.0.0.1:${port}/clip.ts\n#EXT-X-ENDLIST\n`,
        'concat.mp4': `ffconcat version 1.0\nfile 'http://127.0.0.1:${port}/clip.mp4'\nfile '${clip}'\n`,
      };
      for (const [name, text] of Object.entries(playlists)) {
        const file = path.join(dir, name);
        await fs.writeFile(file, text);
        expect(await probeVideo(tools, file), name).toBeUndefined();
        const pretend = { ...(await probeVideo(tools, clip))!, duration: 2 };
        await expect(transcodeForPhones(tools, file, path.join(dir, `out-${name}`), pretend)).rejects.toThrow(
          ToolFailedError,
        );
      }
      expect(asked).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('refuses a video over the length limit, and reads no more than the length it claimed', async () => {
    // 90 s of a still picture in a few kilobytes: what a hostile upload looks like.
    const still = path.join(dir, 'still.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'color=c=0x336699:s=320x180:r=30:d=90'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '3000', '-crf', '51', still],
    ]);
    expect((await fs.stat(still)).size).toBeLessThan(300_000);
    const probe = (await probeVideo(tools, still))!;
    expect(probe.duration).toBeCloseTo(90, 0);
    expect(videoRefusal(probe, limits)).toBe('duration');

    // A header that lies (claims 3 s) makes a copy of 3 s at most, not of the 90 s it holds.
    const out = path.join(dir, 'still-out.mp4');
    await transcodeForPhones(tools, still, out, { ...probe, duration: 3 }, { maxSeconds: 60 });
    expect((await probeVideo(tools, out))!.duration).toBeLessThanOrEqual(4.1);
  });

  it('refuses pictures too large or too many a second (over 4K at 60 fps)', () => {
    const video: ProbedVideo = {
      container: 'mov,mp4,m4a,3gp,3g2,mj2',
      videoCodec: 'hevc',
      audioCodec: 'aac',
      duration: 30,
      width: 3840,
      height: 2160,
      fps: 60,
    };
    expect(videoRefusal(video, limits)).toBeUndefined();
    expect(videoRefusal({ ...video, width: 1920, height: 1080, fps: 240 }, limits)).toBeUndefined();
    expect(videoRefusal({ ...video, fps: 120 }, limits)).toBe('size');
    expect(videoRefusal({ ...video, width: 8192, height: 16, fps: 30 }, limits)).toBe('size');
    expect(videoRefusal({ ...video, width: 16, height: 16, fps: 1000 }, limits)).toBe('size');
  });
});

describe('what ffmpeg may spend', { timeout: 60_000 }, () => {
  const busy = ['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-t', '600', '-c:v', 'libx264'];
  const nothing = ['-f', 'null', '-'];

  it('is killed at its wall-clock timeout', async () => {
    const started = Date.now();
    const run = runTool(tools.ffmpeg, ['-loglevel', 'error', ...busy, ...nothing], {
      budget: budget({ timeoutMs: 500 }),
    });
    await expect(run).rejects.toThrow(ToolOverBudgetError);
    await expect(run).rejects.toMatchObject({ budget: 'time' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is killed by the kernel once it has spent its CPU seconds', async () => {
    const run = runTool(tools.ffmpeg, ['-loglevel', 'error', ...busy, ...nothing], {
      budget: budget({ cpuSeconds: 1 }),
    });
    await expect(run).rejects.toMatchObject({ budget: 'cpu' });
  });

  it('cannot take more memory than its allowance', async () => {
    const run = runTool(tools.ffmpeg, ['-loglevel', 'error', ...busy, ...nothing], {
      budget: budget({ memoryBytes: 64 * 1024 ** 2 }),
    });
    await expect(run).rejects.toThrow(ToolFailedError);
  });
});
