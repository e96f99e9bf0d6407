import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VIDEO_UPLOAD_PATH, VIDEO_UPLOAD_RESULT_HEADER } from '@nomadas/shared';
import { makePoster, mediaTools, runTool, transcodeForPhones } from '@nomadas/server/media/ffmpeg';
import { probeVideo } from '@nomadas/server/media/video-probe';

/**
 * The video budgets of DESIGN.md §5 (`node tools/bench/dist/video.js`, after the build):
 * 1. a 60 s 1080p clip (testsrc2 and a tone, made once and kept in the temp folder) processed as the job does
 *    (probe, transcode to ≤ 720p H.264/AAC faststart, poster), in under its own length;
 * 2. a 500 MB upload through tus, in one streamed PATCH, to the real app in a child process, whose resident
 *    memory is sampled every 100 ms: it must stay flat. The upload is that clip padded to 500 MB with an
 *    ISO-BMFF `free` box, so the app accepts it and its job then processes the clip (timed too).
 * Optional: BENCH_VIDEO_MB (500), DATABASE_URL (else the embedded database, as `npm start`).
 */
const UPLOAD_MB = Number(process.env.BENCH_VIDEO_MB ?? 500);
const CLIP_SECONDS = 60;
/** Resident memory may grow by this much during the upload and still count as flat (buffers, GC slack). */
const FLAT_MB = 48;
const log = (message: string) => console.log(message);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The app as a child process, configured by env; resolves with its port once it listens. */
function startApp(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'video-app-process.js'), {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve({ child, port: message.port }));
    child.once('exit', (code) => reject(new Error(`the app exited with ${code}`)));
  });
}

async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  await exited;
}

async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]) * 1024;
}

/** Samples a process's RSS every 100 ms until stopped; answers the samples. */
function sampleRss(pid: number) {
  const samples: number[] = [];
  const timer = setInterval(
    () =>
      void rssOf(pid).then(
        (rss) => samples.push(rss),
        () => undefined,
      ),
    100,
  );
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/** The clip, then a `free` box that pads the file to `totalBytes`, generated as it is sent. */
function paddedUpload(clip: Buffer, totalBytes: number): ReadableStream<Uint8Array> {
  const padding = totalBytes - clip.length;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(padding, 0);
  header.write('free', 4, 'latin1');
  const zeros = new Uint8Array(1024 * 1024);
  let left = padding - 8;
  let step = 0;
  return new ReadableStream({
    pull(controller) {
      if (step === 0) controller.enqueue(new Uint8Array(clip));
      else if (step === 1) controller.enqueue(new Uint8Array(header));
      else if (left > 0) {
        const size = Math.min(left, zeros.length);
        controller.enqueue(size === zeros.length ? zeros : zeros.subarray(0, size));
        left -= size;
      } else controller.close();
      step++;
    },
  });
}

async function makeClip(file: string): Promise<void> {
  if (
    await fs.access(file).then(
      () => true,
      () => false,
    )
  )
    return;
  const tools = await mediaTools();
  const started = performance.now();
  await runTool(tools.ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${CLIP_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${CLIP_SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '26', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', `${file}.tmp.mp4`],
  ]);
  await fs.rename(`${file}.tmp.mp4`, file);
  log(`made the 60 s 1080p clip in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The job's own steps on the clip, timed. */
async function timeProcessing(clip: string, work: string) {
  const tools = await mediaTools();
  const started = performance.now();
  const probe = (await probeVideo(tools, clip))!;
  const output = path.join(work, 'out.mp4');
  const size = await transcodeForPhones(tools, clip, output, probe);
  await makePoster(tools, output, probe.duration);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, size, bytes: (await fs.stat(output)).size };
}

async function main() {
  const cached = path.join(os.tmpdir(), 'nomadas-bench-1080p-60s.mp4');
  await makeClip(cached);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-bench-video-'));
  // Reachable by the postgres account, so the app runs on the default embedded PostgreSQL.
  await fs.chmod(work, 0o755);
  let stopAppOnExit = async () => {};
  try {
    const processing = await timeProcessing(cached, work);
    log(
      `processing a 60 s 1080p clip: ${processing.seconds.toFixed(1)} s on ${os.availableParallelism()} cores ` +
        `(→ ${processing.size.width}×${processing.size.height}, ${mb(processing.bytes)}) — ` +
        `budget < ${CLIP_SECONDS} s: ${processing.seconds < CLIP_SECONDS ? 'OK' : 'OVER'}`,
    );

    const username = 'banco_video';
    const password = 'banco-de-pruebas-de-video';
    const dataDir = path.join(work, 'data');
    const app = await startApp({
      ...process.env,
      NODE_ENV: 'production',
      // One app, on DATABASE_URL when it is set.
      INSTANCES: '1',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      VIDEO_MAX_MB: String(UPLOAD_MB + 100),
      BENCH_VIDEO_USER: username,
      BENCH_VIDEO_PASSWORD: password,
    });
    stopAppOnExit = () => stopApp(app.child);
    const pid = app.child.pid!;
    const baseUrl = `http://127.0.0.1:${app.port}`;
    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const headers = { 'tus-resumable': '1.0.0', 'api-token': token };

    // Baseline: the app idle after its first requests.
    const idle = sampleRss(pid);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const baseline = Math.max(...idle.stop());

    const clip = await fs.readFile(cached);
    const total = UPLOAD_MB * 1024 * 1024;
    const created = await fetch(`${baseUrl}${VIDEO_UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(total),
        'upload-metadata': `title ${Buffer.from('Banco de pruebas 1080p').toString('base64')}`,
      },
    });
    if (created.status !== 201)
      throw new Error(`upload not created: ${created.status} ${await created.text()}`);
    const during = sampleRss(pid);
    const uploadStarted = performance.now();
    const sent = await fetch(`${baseUrl}${created.headers.get('location')}`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      body: paddedUpload(clip, total),
      duplex: 'half',
    } as RequestInit);
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    const samples = during.stop();
    if (sent.status !== 204) throw new Error(`upload refused: ${sent.status} ${await sent.text()}`);
    const name = sent.headers.get(VIDEO_UPLOAD_RESULT_HEADER)!;
    const peak = Math.max(...samples);
    const growth = peak - baseline;
    log(
      `upload of ${UPLOAD_MB} MB in one PATCH: ${uploadSeconds.toFixed(1)} s ` +
        `(${(UPLOAD_MB / uploadSeconds).toFixed(0)} MB/s), app RSS baseline ${mb(baseline)}, ` +
        `peak ${mb(peak)} (+${mb(growth)}, ${samples.length} samples) — flat (< +${FLAT_MB} MB): ` +
        `${growth < FLAT_MB * 1024 * 1024 ? 'OK' : 'NO'}`,
    );

    const jobStarted = performance.now();
    const processingRss = sampleRss(pid);
    for (;;) {
      const own = await fetch(`${baseUrl}/api/canal`, { headers: { 'api-token': token } });
      const videos = ((await own.json()) as { data: { videos: { name: string; state: string }[] } }).data
        .videos;
      const state = videos.find((video) => video.name === name)?.state;
      if (state === 'lista') break;
      if (state !== 'procesando') throw new Error(`the uploaded video ended as ${state}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const jobSeconds = (performance.now() - jobStarted) / 1000;
    log(
      `the app's job on that upload (probe, transcode, poster, publish): ${jobSeconds.toFixed(1)} s, ` +
        `app RSS peak meanwhile ${mb(Math.max(...processingRss.stop()))}`,
    );
    if (processing.seconds >= CLIP_SECONDS || growth >= FLAT_MB * 1024 * 1024) process.exitCode = 1;
  } finally {
    await stopAppOnExit();
    await fs.rm(work, { recursive: true, force: true });
  }
}

await main();
