import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { FENCED_DECODERS, FENCED_INPUT, FFMPEG_THREADS, type ToolBudget } from './ffmpeg-fence.js';
import type { VideoProbe } from './video-probe.js';

/** The two binaries the video pipeline runs. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

interface ToolsLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** `command` as given when it is a path, else the first executable of that name on PATH. */
async function locate(command: string): Promise<string> {
  const candidates = command.includes('/')
    ? [command]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, command));
  for (const file of candidates) {
    if (
      await fs.access(file, fs.constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return path.resolve(file);
  }
  throw new Error(
    `${command} is not an executable file${command.includes('/') ? '' : ' on PATH'}: ` +
      'install it (sudo apt-get install -y ffmpeg) or set FFMPEG_PATH / FFPROBE_PATH',
  );
}

const located = new Map<string, Promise<MediaTools>>();

/**
 * ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH when set, else those found on PATH (Debian's ffmpeg package).
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
      const [ffmpeg, ffprobe] = await Promise.all([
        locate(overrides.ffmpegPath ?? 'ffmpeg'),
        locate(overrides.ffprobePath ?? 'ffprobe'),
      ]);
      log?.info({ ffmpeg, ffprobe }, 'video tools found');
      return { ffmpeg, ffprobe };
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

/** A tool stopped for spending more than its budget: wall-clock time (by us) or CPU time (by the kernel). */
export class ToolOverBudgetError extends Error {
  constructor(
    readonly tool: string,
    readonly budget: 'time' | 'cpu',
  ) {
    super(`${tool} went over its ${budget === 'time' ? 'wall-clock time' : 'CPU time or memory'} budget`);
  }
}

interface RunOptions {
  signal?: AbortSignal | undefined;
  /** Wall-clock time, CPU seconds and memory the child may spend; unlimited when left out. */
  budget?: ToolBudget | undefined;
  /** Each line of stdout as it comes, instead of collecting it. */
  onLine?: (line: string) => void;
  onSpawn?: (pid: number) => void;
}

const STDERR_TAIL = 4000;

/**
 * The child as spawned: under a budget, through `sh` setting its CPU-time and address-space limits
 * (RLIMIT_CPU, RLIMIT_AS) before it `exec`s the tool, so the limits bind the tool and its pid is the tool's.
 */
function spawnWithin(file: string, args: string[], budget: ToolBudget | undefined) {
  if (!budget) return spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const limits = `ulimit -t ${Math.ceil(budget.cpuSeconds)} && ulimit -v ${Math.floor(budget.memoryBytes / 1024)}`;
  return spawn('/bin/sh', ['-c', `${limits} && exec "$0" "$@"`, file, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs a tool at low priority (requests come first on a small machine); resolves with its stdout. */
export function runTool(file: string, args: string[], options: RunOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    options.signal?.throwIfAborted();
    const { budget } = options;
    const child = spawnWithin(file, args, budget);
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
    const timer = budget
      ? setTimeout(() => stop(new ToolOverBudgetError(file, 'time')), budget.timeoutMs)
      : undefined;
    child.once('error', (error) => stop(error));
    child.once('close', (code, signal) => {
      options.signal?.removeEventListener('abort', onAbort);
      clearTimeout(timer);
      if (stoppedBy !== undefined) return reject(stoppedBy);
      if (code === 0) return resolve(Buffer.concat(chunks));
      // Not sent by us: the kernel's, at the CPU-time limit (SIGXCPU, then SIGKILL at the hard one).
      if (budget && (signal === 'SIGXCPU' || signal === 'SIGKILL')) {
        return reject(new ToolOverBudgetError(file, 'cpu'));
      }
      if (code === null) return reject(new Error(`${file} was killed by ${signal}`));
      reject(new ToolFailedError(file, code, stderr));
    });
  });
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
const PHONE_FPS = 30;

/**
 * The phone-friendly copy: H.264 (High, yuv420p, CRF 23) at most 720p and 30 fps, AAC 128k stereo (or no
 * audio track), the index at the front (faststart), a keyframe every 4 s so a seek lands close, and no
 * metadata (a phone's video carries where it was filmed). `onProgress` gets the fraction done.
 * Reads only the probed (and checked) streams with our decoders, and no more than the probed length (a file's
 * header may claim a minute and hold hours) or `maxSeconds`. Throws ToolFailedError when ffmpeg cannot decode
 * the file, ToolOverBudgetError when it spends more than `budget`.
 */
export async function transcodeForPhones(
  tools: MediaTools,
  input: string,
  output: string,
  probe: VideoProbe,
  options: {
    signal?: AbortSignal;
    budget?: ToolBudget;
    maxSeconds?: number;
    onProgress?: (fraction: number) => void;
    onSpawn?: (pid: number) => void;
  } = {},
): Promise<{ width: number; height: number }> {
  const limit = options.maxSeconds ?? Infinity;
  const seconds = probe.duration > 0 ? Math.min(probe.duration + 1, limit) : limit;
  const size = phoneSize(probe);
  const fps = Math.min(probe.fps, PHONE_FPS);
  const filters = [
    ...(probe.fps > PHONE_FPS + 1 ? [`fps=${PHONE_FPS}`] : []),
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
    ...FENCED_INPUT,
    ...FENCED_DECODERS,
    ...['-threads', String(FFMPEG_THREADS)],
    '-i',
    input,
    ...(Number.isFinite(seconds) ? ['-t', seconds.toFixed(3)] : []),
    '-map',
    `0:${probe.videoStream}`,
    ...(probe.audioStream !== undefined ? ['-map', `0:${probe.audioStream}`] : []),
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
    ...['-threads', String(FFMPEG_THREADS)],
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
    budget: options.budget,
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
async function frameAt(tools: MediaTools, input: string, atSeconds: number, options: PosterOptions) {
  const grab = (seconds: number) =>
    runTool(
      tools.ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        ...(seconds > 0 ? ['-ss', seconds.toFixed(3)] : []),
        ...FENCED_INPUT,
        ...FENCED_DECODERS,
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
      { signal: options.signal, budget: options.budget },
    );
  const frame = await grab(atSeconds);
  return frame.length > 0 || atSeconds === 0 ? frame : grab(0);
}

interface PosterOptions {
  signal?: AbortSignal | undefined;
  budget?: ToolBudget;
}

/** The poster: a frame at a tenth of the video (past a black first frame), as WebP without metadata. */
export async function makePoster(
  tools: MediaTools,
  input: string,
  duration: number,
  options: PosterOptions = {},
): Promise<Buffer> {
  const frame = await frameAt(tools, input, duration * 0.1, options);
  return sharp(frame).webp({ quality: 78 }).toBuffer();
}
