import type { Config } from '../config.js';

/*
 * What ffmpeg may do with a user's file, whatever its version: read local files only, through the demuxers
 * and decoders of what phones and cameras record, within limits of length, size, frame rate, time, CPU and
 * memory. Every probe, transcode and poster of an upload goes through these.
 */

/** Demuxers by ffmpeg's name: `mov` reads MP4/MOV/M4V/3GP, `matroska` reads MKV/WebM. */
const ALLOWED_CONTAINERS = ['mov', 'matroska'] as const;
const ALLOWED_VIDEO_CODECS = ['h264', 'hevc', 'vp8', 'vp9', 'av1', 'mpeg4'] as const;
const PCM = ['s16le', 's16be', 's24le', 's24be', 's32le', 's32be', 'f32le', 'f32be', 'u8'].map(
  (f) => `pcm_${f}`,
);
const ALLOWED_AUDIO_CODECS = ['aac', 'mp3', 'opus', 'vorbis', 'flac', 'alac', ...PCM] as const;
/** The decoders ffmpeg picks for those codecs by implementation name (Debian's build: dav1d for AV1…). */
const DECODERS = [
  ...ALLOWED_VIDEO_CODECS,
  ...ALLOWED_AUDIO_CODECS,
  ...['libdav1d', 'libaom-av1', 'libvpx', 'libvpx-vp9', 'mp3float', 'aac_fixed', 'libopus', 'libvorbis'],
];

/**
 * Options before every `-i` of a user's file (ffprobe's too): local files only, so a playlist inside cannot
 * fetch a URL; and only our demuxers, so an HLS or concat playlist is not opened at all.
 */
export const FENCED_INPUT = [
  ...['-protocol_whitelist', 'file'],
  ...['-format_whitelist', ALLOWED_CONTAINERS.join(',')],
];
/** ffmpeg decodes with these decoders only (ffprobe opens any to name the codec; the probe's check refuses it). */
export const FENCED_DECODERS = ['-codec_whitelist', DECODERS.join(',')];

/** Threads of one ffmpeg (the two cores of the machine it was sized on; requests keep priority by `nice`). */
export const FFMPEG_THREADS = 2;

/** Frame rates above this are refused (phones' slow motion records 240). */
const MAX_FPS = 240;
/** The largest side of a picture; and the most pixels a second: 4K at 60 fps, or 1080p at 240. */
const MAX_SIDE = 4096;
const MAX_PIXELS_PER_SECOND = 3840 * 2160 * 60;

export interface ProbedVideo {
  /** ffprobe's format_name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2'. */
  container: string;
  videoCodec: string;
  audioCodec: string | undefined;
  duration: number;
  width: number;
  height: number;
  fps: number;
}

export type VideoRefusal = 'format' | 'duration' | 'size';

/** Why a probed video is not processed, or undefined when it is within the fence. */
export function videoRefusal(
  probe: ProbedVideo,
  config: Pick<Config, 'videoMaxDurationSeconds'>,
): VideoRefusal | undefined {
  const containers = probe.container.split(',');
  if (!ALLOWED_CONTAINERS.some((name) => containers.includes(name))) return 'format';
  if (!(ALLOWED_VIDEO_CODECS as readonly string[]).includes(probe.videoCodec)) return 'format';
  if (probe.audioCodec && !(ALLOWED_AUDIO_CODECS as readonly string[]).includes(probe.audioCodec)) {
    return 'format';
  }
  if (probe.duration > config.videoMaxDurationSeconds) return 'duration';
  if (Math.max(probe.width, probe.height) > MAX_SIDE || probe.fps > MAX_FPS) return 'size';
  if (probe.width * probe.height * probe.fps > MAX_PIXELS_PER_SECOND) return 'size';
  return undefined;
}

/** Wall-clock time, CPU seconds (all threads) and address space one tool run may spend. */
export interface ToolBudget {
  timeoutMs: number;
  cpuSeconds: number;
  memoryBytes: number;
}

type BudgetConfig = Pick<Config, 'videoProcessTimeoutSeconds' | 'videoProcessMemoryBytes'>;

/** A probe or a poster: a header and a few frames, a minute at most. */
export function quickBudget(config: Pick<Config, 'videoProcessMemoryBytes'>): ToolBudget {
  return { timeoutMs: 60_000, cpuSeconds: 60 * FFMPEG_THREADS, memoryBytes: config.videoProcessMemoryBytes };
}

/**
 * The transcode of a video of `duration` seconds: a minute plus four times its length (a 4K HEVC phone video
 * runs at about a third of real time on two cores), at most VIDEO_TIMEOUT_S.
 */
export function transcodeBudget(duration: number, config: BudgetConfig): ToolBudget {
  const seconds = Math.min(config.videoProcessTimeoutSeconds, Math.ceil(60 + 4 * duration));
  return {
    timeoutMs: seconds * 1000,
    cpuSeconds: seconds * FFMPEG_THREADS,
    memoryBytes: config.videoProcessMemoryBytes,
  };
}
