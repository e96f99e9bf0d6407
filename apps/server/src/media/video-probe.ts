import { FENCED_INPUT, quickBudget, type ProbedVideo, type ToolBudget } from './ffmpeg-fence.js';
import { runTool, ToolFailedError, type MediaTools } from './ffmpeg.js';

export interface VideoProbe extends ProbedVideo {
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
  /** The streams the transcode reads (by index in the file), the ones whose codecs were checked. */
  videoStream: number;
  audioStream: number | undefined;
}

interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
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

/** Unless the caller gives the configured one: VIDEO_MEMORY_MB's default. */
const PROBE_BUDGET = quickBudget({ videoProcessMemoryBytes: 1024 ** 3 });

/**
 * What ffprobe reads in a file, fenced (ffmpeg-fence.ts: local files, our containers, a budget); undefined
 * when it cannot read it or finds no moving picture in it (audio only, or a cover image attached to a song).
 */
export async function probeVideo(
  tools: MediaTools,
  file: string,
  options: { signal?: AbortSignal | undefined; budget?: ToolBudget } = {},
): Promise<VideoProbe | undefined> {
  let output: Buffer;
  try {
    output = await runTool(
      tools.ffprobe,
      ['-v', 'error', ...FENCED_INPUT, '-print_format', 'json', '-show_format', '-show_streams', file],
      { signal: options.signal, budget: options.budget ?? PROBE_BUDGET },
    );
  } catch (error) {
    if (error instanceof ToolFailedError) return undefined;
    throw error;
  }
  const info = JSON.parse(output.toString('utf8') || '{}') as {
    streams?: ProbeStream[];
    format?: { duration?: string; format_name?: string };
  };
  const streams = info.streams ?? [];
  const video = streams.find(
    (stream) =>
      stream.codec_type === 'video' && !stream.disposition?.attached_pic && stream.width && stream.height,
  );
  if (!video) return undefined;
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const turn = Number(
    video.tags?.rotate ?? -(video.side_data_list?.find((side) => side.rotation)?.rotation ?? 0),
  );
  const duration = Number(info.format?.duration ?? video.duration ?? 0);
  return {
    container: info.format?.format_name ?? '',
    videoCodec: video.codec_name ?? '',
    audioCodec: audio ? (audio.codec_name ?? '') : undefined,
    duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
    width: video.width!,
    height: video.height!,
    rotation: (((Math.round(turn / 90) * 90) % 360) + 360) % 360,
    pixelAspect: ratio(video.sample_aspect_ratio) || 1,
    fps: ratio(video.avg_frame_rate) || ratio(video.r_frame_rate) || 30,
    hasAudio: audio !== undefined,
    videoStream: video.index,
    audioStream: audio?.index,
  };
}
