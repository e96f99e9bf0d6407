import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@nomadas/server/config';
import type { AppContext } from '@nomadas/server/context';
import { makePoster, mediaTools, runTool, type MediaTools } from '@nomadas/server/media/ffmpeg';
import { videoNameBase } from '@nomadas/server/modules/videos/videos.service';
import { storeProcessedVideo } from '@nomadas/server/modules/videos/video-processing';
import { videoDirs } from '@nomadas/server/modules/videos/video-files';
import * as q from './channels-seed.queries.js';
import type { Random } from './random.js';

/** Generated moving pictures (ffmpeg's lavfi sources), so the demo needs no video files and no network. */
const SCENES = {
  pattern: 'testsrc2=size=640x360:rate=25',
  fractal: 'mandelbrot=size=640x360:rate=25',
  bars: 'smptebars=size=640x360:rate=25',
  life: 'life=size=160x90:rate=25:mold=10:ratio=0.12:life_color=#f4a261:death_color=#264653,scale=640:360:flags=neighbor',
  sunset: 'testsrc2=size=640x360:rate=25,hue=h=140:s=0.8',
  valley: 'mandelbrot=size=640x360:rate=25:start_x=-0.75:start_y=0.1:start_scale=0.4,hue=h=200',
} as const;
type Scene = keyof typeof SCENES;

interface DemoClip {
  title: string;
  description: string;
  scene: Scene;
  /** Hz of the tone under the picture. */
  tone: number;
}

interface DemoChannel {
  owner: string;
  url: string;
  name: string;
  description: string;
  clips: DemoClip[];
}

const clip = (title: string, scene: Scene, tone: number, description: string): DemoClip => ({
  title,
  scene,
  tone,
  description,
});

/** The demo channels, each owned by a person of people.ts. */
export const DEMO_CHANNELS: DemoChannel[] = [
  {
    owner: 'lucia_en_ruta',
    url: 'rutas-del-norte',
    name: 'Rutas del Norte en furgo',
    description:
      'Galicia y Asturias a ritmo de furgoneta camperizada: rutas, sitios tranquilos para dormir y miradores sobre el Cantábrico.',
    clips: [
      clip('Amanecer en la costa de Lugo', 'sunset', 392, 'Cinco minutos de mar y café antes de arrancar.'),
      clip(
        'Subida a los Lagos de Covadonga en furgo',
        'pattern',
        440,
        'Horarios, aparcamiento y lo que no te cuentan.',
      ),
      clip(
        'Ruta de los faros: de Ribadeo a Cudillero',
        'fractal',
        330,
        'Tres días, seis faros y mucho viento.',
      ),
    ],
  },
  {
    owner: 'la_capuchina_azul',
    url: 'cocina-en-la-carretera',
    name: 'Cocina en la carretera',
    description: 'Recetas de siempre con un fuego, una nevera pequeña y ganas de comer bien en ruta.',
    clips: [
      clip('Migas extremeñas en la autocaravana', 'bars', 262, 'Con pan del día anterior y mucha paciencia.'),
      clip('Gazpacho sin batidora', 'life', 294, 'Para los días de calor en el sur.'),
    ],
  },
  {
    owner: 'furgo_pirineos',
    url: 'pirineo-a-ritmo-lento',
    name: 'Pirineo a ritmo lento',
    description: 'Ibones, valles y pernoctas tranquilas de punta a punta del Pirineo.',
    clips: [
      clip(
        'Ibón de Estanés desde el aparcamiento',
        'fractal',
        349,
        'Una caminata fácil para estirar las piernas.',
      ),
      clip('Café de puchero a dos mil metros', 'valley', 523, 'Nuestro ritual de cada mañana.'),
      clip('Pernocta en el valle de Hecho', 'sunset', 440, 'Dónde dormir sin molestar a nadie.'),
    ],
  },
  {
    owner: 'marta_y_pablo',
    url: 'dos-profes-sin-reloj',
    name: 'Dos profes sin reloj',
    description: 'Un año de excedencia recorriendo la península en autocaravana, sin prisa y sin horario.',
    clips: [
      clip(
        'Calas de la Costa Brava fuera de temporada',
        'pattern',
        370,
        'Octubre: agua templada y aparcamiento libre.',
      ),
      clip('Vendimia en La Rioja', 'life', 311, 'Echamos una mano a cambio de sitio para dormir.'),
    ],
  },
  {
    owner: 'demo',
    url: 'bitacora-nomada',
    name: 'Bitácora nómada',
    description: 'El canal de la cuenta de demostración: trucos de mantenimiento y vida a bordo.',
    clips: [
      clip('Vaciar aguas grises sin dramas', 'bars', 415, 'Paso a paso en un área de servicio.'),
      clip('Nuestra capuchina por dentro', 'valley', 466, 'Un paseo por la casa con ruedas.'),
    ],
  },
];

/** Seconds of each demo clip: enough to seek in, cheap to make (about half a second of ffmpeg each). */
const CLIP_SECONDS = 6;
const DAY_MS = 24 * 3600 * 1000;
const FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
];

/** The first font of the system's we know of; without one the clips carry no title (drawtext needs a file). */
async function titleFont(): Promise<string | undefined> {
  for (const font of FONTS)
    if (
      await fs.access(font).then(
        () => true,
        () => false,
      )
    )
      return font;
  return undefined;
}

/** One demo clip made directly as the final MP4 (640×360, H.264/AAC, faststart) and its poster. */
async function renderClip(
  tools: MediaTools,
  work: string,
  clip: { demo: DemoClip; index: number; font: string | undefined; signal: AbortSignal | undefined },
) {
  const { demo, index, font, signal } = clip;
  const output = path.join(work, `clip-${index}.mp4`);
  let filters = 'format=yuv420p';
  if (font) {
    const titleFile = path.join(work, `title-${index}.txt`);
    await fs.writeFile(titleFile, demo.title);
    filters =
      `drawtext=fontfile='${font}':textfile='${titleFile}':fontsize=22:fontcolor=white:` +
      `box=1:boxcolor=black@0.45:boxborderw=12:x=(w-text_w)/2:y=h-text_h-32,${filters}`;
  }
  await runTool(
    tools.ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', SCENES[demo.scene]],
      ...['-f', 'lavfi', '-i', `sine=frequency=${demo.tone}:sample_rate=44100:beep_factor=2`],
      ...['-t', String(CLIP_SECONDS), '-vf', filters],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-profile:v', 'high', '-g', '100'],
      ...['-c:a', 'aac', '-b:a', '96k', '-ac', '2', '-movflags', '+faststart'],
      output,
    ],
    { signal },
  );
  return { output, poster: await makePoster(tools, output, CLIP_SECONDS) };
}

type SeedChannelsContext = Pick<AppContext, 'db' | 'media'> & {
  config?: Pick<Config, 'ffmpegPath' | 'ffprobePath' | 'videoUploadDir' | 'dataDir'>;
  log?: Pick<FastifyBaseLogger, 'info'>;
};

/**
 * The demo channels: up to `count` of DEMO_CHANNELS whose owners are among `userIds` (username → id), with
 * their clips made here by ffmpeg and inserted ready, avatars and covers from the demo photos, subscriptions
 * between demo people and a few likes. Skipped when channels exist, or (logged) when ffmpeg cannot run.
 */
export async function seedChannels(
  ctx: SeedChannelsContext,
  random: Random,
  input: {
    count: number;
    userIds: Map<string, string>;
    photoStems: string[];
    now: number;
    /** Stops between clips and kills the ffmpeg making one. */
    signal?: AbortSignal;
  },
): Promise<{ channels: number; videos: number }> {
  const plans = DEMO_CHANNELS.filter((channel) => input.userIds.has(channel.owner)).slice(0, input.count);
  if (plans.length === 0 || (await q.hasChannels(ctx.db))) return { channels: 0, videos: 0 };
  const tools = await mediaTools(ctx.config).catch((error: unknown) => {
    ctx.log?.info({ err: error }, 'demo seed: no channels, ffmpeg cannot run here');
    return undefined;
  });
  if (!tools) return { channels: 0, videos: 0 };

  const workRoot = ctx.config ? videoDirs(ctx.config).work : os.tmpdir();
  await fs.mkdir(workRoot, { recursive: true });
  const work = await fs.mkdtemp(path.join(workRoot, 'seed-'));
  try {
    const font = await titleFont();
    const clips = plans.flatMap((channel) => channel.clips.map((demo) => ({ channel, demo })));
    const stored = new Array<Awaited<ReturnType<typeof storeProcessedVideo>>>(clips.length);
    // Two at a time: each ffmpeg spends most of its time in one thread making the frames.
    let next = 0;
    const worker = async () => {
      while (next < clips.length) {
        const index = next++;
        input.signal?.throwIfAborted();
        const made = await renderClip(tools, work, {
          demo: clips[index]!.demo,
          index,
          font,
          signal: input.signal,
        });
        stored[index] = await storeProcessedVideo(ctx.media, made.output, made.poster, `demo-${index}`);
      }
    };
    await Promise.all([worker(), worker()]);

    const people = [...input.userIds.values()];
    let videos = 0;
    for (const channel of plans) {
      const r = random.fork(channel.url);
      const ownerId = input.userIds.get(channel.owner)!;
      const subscribers = r.sample(
        people.filter((id) => id !== ownerId),
        r.int(2, Math.min(6, people.length - 1)),
      );
      const own = clips.flatMap((entry, index) => (entry.channel === channel ? [{ ...entry, index }] : []));
      // Oldest first, so ids follow time; the newest a day or two ago.
      const dates = own.map(() => input.now - r.range(1, 60) * DAY_MS).sort((a, b) => a - b);
      const createdAt = new Date(dates[0]! - r.range(5, 40) * DAY_MS);
      const channelId = await q.insertChannel(ctx.db, {
        owner_id: ownerId,
        url: channel.url,
        name: channel.name,
        description: channel.description,
        avatar: input.photoStems.length > 0 ? r.pick(input.photoStems) : null,
        cover: input.photoStems.length > 0 ? r.pick(input.photoStems) : null,
        subscribers: subscribers.length,
        videos_ready: own.length,
        last_video_at: new Date(dates.at(-1)!),
        created_at: createdAt,
      });
      const likers = own.map(() => r.sample(subscribers, r.int(0, subscribers.length)));
      const ids = await q.insertReadyVideos(
        ctx.db,
        own.map(({ demo, index }, i) => ({
          channel_id: channelId,
          name: videoNameBase(demo.title),
          title: demo.title,
          description: demo.description,
          state: 'lista' as const,
          progress: 100,
          video_key: stored[index]!.video,
          poster_key: stored[index]!.poster,
          duration: CLIP_SECONDS,
          width: 640,
          height: 360,
          size_bytes: stored[index]!.sizeBytes,
          views: likers[i]!.length + r.int(8, 400),
          likes: likers[i]!.length,
          created_at: new Date(dates[i]!),
          published_at: new Date(dates[i]!),
        })),
      );
      await q.insertSubscriptions(
        ctx.db,
        subscribers.map((userId) => ({ channel_id: channelId, user_id: userId, created_at: createdAt })),
      );
      await q.insertVideoLikes(
        ctx.db,
        ids.flatMap((videoId, i) =>
          likers[i]!.map((userId) => ({
            video_id: videoId,
            user_id: userId,
            created_at: new Date(dates[i]!),
          })),
        ),
      );
      videos += ids.length;
    }
    return { channels: plans.length, videos };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
