import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import sharp from 'sharp';

/** The two binaries the video pipeline runs. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

interface ToolsLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

const require = createRequire(import.meta.url);

/** The binary an installer package ships (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe). */
function installerBinary(packageName: string): string {
  try {
    return (require(packageName) as { path: string }).path;
  } catch (error) {
    throw new Error(`${packageName} has no binary for ${process.platform}-${process.arch}: ${String(error)}`);
  }
}

/**
 * npm may skip the installer packages' own chmod (install scripts off, or the tarball's modes lost):
 * the binary is made executable for its owner once, here, or the failure says what to do.
 */
async function ensureExecutable(file: string): Promise<void> {
  try {
    await fs.access(file, fs.constants.X_OK);
    return;
  } catch {
    // not executable (yet)
  }
  try {
    const { mode } = await fs.stat(file);
    await fs.chmod(file, mode | 0o100);
    await fs.access(file, fs.constants.X_OK);
  } catch (error) {
    throw new Error(
      `${file} is not executable and chmod u+x failed (${String(error)}); fix its mode or set its *_PATH`,
    );
  }
}

const located = new Map<string, Promise<MediaTools>>();

/**
 * ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH when set, else the installer packages' binaries.
 * Checked once per process; a failure is logged with the reason and tried again on the next call.
 */
export function mediaTools(
  overrides: { ffmpegPath?: string | undefined; ffprobePath?: string | undefined } = {},
  log?: ToolsLog,
): Promise<MediaTools> {
  const key = `${overrides.ffmpegPath ?? ''}\n${overrides.ffprobePath ?? ''}`;
  let tools = located.get(key);
  if (!tools) {
    tools = (async () => {
      const found = {
        ffmpeg: overrides.ffmpegPath ?? installerBinary('@ffmpeg-installer/ffmpeg'),
        ffprobe: overrides.ffprobePath ?? installerBinary('@ffprobe-installer/ffprobe'),
      };
      await Promise.all([ensureExecutable(found.ffmpeg), ensureExecutable(found.ffprobe)]);
      log?.info(found, 'video tools found');
      return found;
    })();
    located.set(key, tools);
    tools.catch((error: unknown) => {
      located.delete(key);
      log?.error({ err: error }, 'ffmpeg/ffprobe unavailable: videos cannot be processed');
    });
  }
  return tools;
}

/** A tool that ran and exited with an error of its own (not killed by us or by a signal). */
export class ToolFailedError extends Error {
  constructor(
    readonly tool: string,
    readonly exitCode: number,
    readonly stderrTail: string,
  ) {
    super(`${tool} exited with ${exitCode}: ${stderrTail.trim().split('\n').slice(-3).join(' | ')}`);
  }
}

interface RunOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
  /** Each line of stdout as it comes, instead of collecting it. */
  onLine?: (line: string) => void;
  onSpawn?: (pid: number) => void;
}

const STDERR_TAIL = 4000;

/** Runs a tool at low priority (requests come first on a small machine); resolves with its stdout. */
export function runTool(file: string, args: string[], options: RunOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    options.signal?.throwIfAborted();
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // not allowed here: runs at normal priority
    }
    if (child.pid) options.onSpawn?.(child.pid);
    const chunks: Buffer[] = [];
    let pending = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (!options.onLine) return void chunks.push(chunk);
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop()!;
      for (const line of lines) options.onLine(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    let stoppedBy: unknown;
    const stop = (reason: unknown) => {
      stoppedBy ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop(options.signal!.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = options.timeoutMs
      ? setTimeout(() => stop(new Error(`${file} took over ${options.timeoutMs} ms`)), options.timeoutMs)
      : undefined;
    child.once('error', (error) => stop(error));
    child.once('close', (code, signal) => {
      options.signal?.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      if (stoppedBy !== undefined) return reject(stoppedBy);
      if (code === 0) return resolve(Buffer.concat(chunks));
      if (code === null) return reject(new Error(`${file} was killed by ${signal}`));
      reject(new ToolFailedError(file, code, stderr));
    });
  });
}

export interface VideoProbe {
  /** Seconds; 0 when the container does not say. */
  duration: number;
  /** Coded size of the picture, before rotation and pixel aspect. */
  width: number;
  height: number;
  /** Degrees the player turns the picture (a phone held upright): 0, 90, 180 or 270. */
  rotation: number;
  /** Width / height of one pixel (1 for square pixels). */
  pixelAspect: number;
  fps: number;
  hasAudio: boolean;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

const ratio = (text: string | undefined): number => {
  const [a, b] = (text ?? '').split(/[:/]/).map(Number);
  return a && b && Number.isFinite(a / b) ? a / b : 0;
};

/**
 * What ffprobe reads in a file; undefined when it cannot read it or finds no moving picture in it
 * (audio only, or a cover image attached to a song).
 */
export async function probeVideo(
  tools: MediaTools,
  file: string,
  signal?: AbortSignal,
): Promise<VideoProbe | undefined> {
  let output: Buffer;
  try {
    output = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { signal, timeoutMs: 60_000 },
    );
  } catch (error) {
    if (error instanceof ToolFailedError) return undefined;
    throw error;
  }
  const info = JSON.parse(output.toString('utf8') || '{}') as {
    streams?: ProbeStream[];
    format?: { duration?: string };
  };
  const streams = info.streams ?? [];
  const video = streams.find(
    (stream) =>
      stream.codec_type === 'video' && !stream.disposition?.attached_pic && stream.width && stream.height,
  );
  if (!video) return undefined;
  const turn = Number(
    video.tags?.rotate ?? -(video.side_data_list?.find((side) => side.rotation)?.rotation ?? 0),
  );
  const duration = Number(info.format?.duration ?? video.duration ?? 0);
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
    width: video.width!,
    height: video.height!,
    rotation: (((Math.round(turn / 90) * 90) % 360) + 360) % 360,
    pixelAspect: ratio(video.sample_aspect_ratio) || 1,
    fps: ratio(video.avg_frame_rate) || ratio(video.r_frame_rate) || 30,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
  };
}

/** At most 720p (1280×720, or 720×1280 upright), as shown (rotated, square pixels), in even numbers. */
export function phoneSize(probe: Pick<VideoProbe, 'width' | 'height' | 'rotation' | 'pixelAspect'>) {
  const shownWidth = probe.width * probe.pixelAspect;
  const [width, height] =
    probe.rotation % 180 === 0 ? [shownWidth, probe.height] : [probe.height, shownWidth];
  const scale = Math.min(1, 1280 / Math.max(width, height), 720 / Math.min(width, height));
  const even = (size: number) => Math.max(2, 2 * Math.round((size * scale) / 2));
  return { width: even(width), height: even(height) };
}

/** Frame rates above this are halved for phones on weak connections. */
const MAX_FPS = 30;

/**
 * The phone-friendly copy: H.264 (High, yuv420p, CRF 23) at most 720p and 30 fps, AAC 128k stereo (or no
 * audio track), the index at the front (faststart), a keyframe every 4 s so a seek lands close, and no
 * metadata (a phone's video carries where it was filmed). `onProgress` gets the fraction done.
 * Throws ToolFailedError when ffmpeg cannot decode the file.
 */
export async function transcodeForPhones(
  tools: MediaTools,
  input: string,
  output: string,
  probe: VideoProbe,
  options: {
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
    onSpawn?: (pid: number) => void;
  } = {},
): Promise<{ width: number; height: number }> {
  const size = phoneSize(probe);
  const fps = Math.min(probe.fps, MAX_FPS);
  const filters = [
    ...(probe.fps > MAX_FPS + 1 ? [`fps=${MAX_FPS}`] : []),
    `scale=${size.width}:${size.height}`,
    'setsar=1',
    'format=yuv420p',
  ];
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0',
    ...(probe.hasAudio ? ['-map', '0:a:0'] : []),
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-vf',
    filters.join(','),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-profile:v',
    'high',
    '-g',
    String(Math.max(1, Math.round(fps * 4))),
    ...(probe.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : ['-an']),
    '-movflags',
    '+faststart',
    '-max_muxing_queue_size',
    '1024',
    '-progress',
    'pipe:1',
    output,
  ];
  await runTool(tools.ffmpeg, args, {
    signal: options.signal,
    onSpawn: options.onSpawn,
    onLine(line) {
      // `out_time_ms` is in microseconds despite its name (ffmpeg 4); later versions add `out_time_us`.
      const match = /^out_time_[mu]s=(\d+)/.exec(line);
      if (match && probe.duration > 0 && options.onProgress) {
        options.onProgress(Math.min(1, Number(match[1]) / 1e6 / probe.duration));
      }
    },
  });
  return size;
}

/** A frame of the video at `atSeconds` (the first one when that is past the end), as PNG. */
async function frameAt(tools: MediaTools, input: string, atSeconds: number, signal?: AbortSignal) {
  const grab = (seconds: number) =>
    runTool(
      tools.ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        ...(seconds > 0 ? ['-ss', seconds.toFixed(3)] : []),
        '-i',
        input,
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ],
      { signal, timeoutMs: 60_000 },
    );
  const frame = await grab(atSeconds);
  return frame.length > 0 || atSeconds === 0 ? frame : grab(0);
}

/** The poster: a frame at a tenth of the video (past a black first frame), as WebP without metadata. */
export async function makePoster(
  tools: MediaTools,
  input: string,
  duration: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  const frame = await frameAt(tools, input, duration * 0.1, signal);
  return sharp(frame).webp({ quality: 78 }).toBuffer();
}
