import { mediaTools, runTool } from '../media/ffmpeg.js';

/**
 * A clip made by the bundled ffmpeg from generated frames (testsrc2) and a tone: a real H.264/AAC MP4 that
 * the video pipeline probes and transcodes, written to `file`.
 */
export async function makeTestClip(
  file: string,
  options: { size: string; seconds: number; audio?: boolean },
): Promise<string> {
  const { ffmpeg } = await mediaTools();
  const audio = options.audio !== false;
  await runTool(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${options.size}:rate=25:duration=${options.seconds}`],
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${options.seconds}`] : []),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...(audio ? ['-c:a', 'aac'] : []),
    file,
  ]);
  return file;
}
