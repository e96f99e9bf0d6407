import type { AppContext } from '../../context.js';
import { IMAGE_VARIANTS } from '../../media/images.js';
import type { ZipEntry } from '../own-profile/export-zip.js';
import { selectExportChannel, selectExportChannelMarks } from './channels.queries.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The data export's part of channels: `canal.json` (their channel and its videos, the channels they
 * subscribe to, the videos they like) and, under media/canal/, their videos' MP4 files and the channel's
 * images. Nothing when the user has nothing of channels, so older exports keep their shape.
 */
export async function collectChannelExport(
  ctx: AppContext,
  userId: string,
): Promise<{ files: ZipEntry[]; media: ZipEntry[] }> {
  const [{ channel, videos }, { subscriptions, likes }] = await Promise.all([
    selectExportChannel(ctx.db, userId),
    selectExportChannelMarks(ctx.db, userId),
  ]);
  if (!channel && subscriptions.length === 0 && likes.length === 0) return { files: [], media: [] };

  const siteUrl = ctx.config.publicUrl;
  const media: ZipEntry[] = [];
  const add = (name: string, key: string) => {
    media.push({ name, open: () => ctx.media.open(key) });
    return name;
  };
  const image = (stem: string | null, name: string) =>
    stem ? add(`media/canal/${name}.jpg`, `${stem}${IMAGE_VARIANTS.displayJpeg}`) : null;

  const canal = channel && {
    nombre: channel.name,
    url: channel.url,
    enlace: `${siteUrl}/canales/${channel.url}`,
    descripcion: channel.description,
    suscriptores: channel.subscribers,
    alta: iso(channel.created_at),
    avatar: image(channel.avatar, 'avatar'),
    portada: image(channel.cover, 'portada'),
    videos: videos.map((video) => ({
      titulo: video.title,
      nombre: video.name,
      enlace: `${siteUrl}/canales/${channel.url}/${video.name}`,
      descripcion: video.description,
      estado: video.state,
      duracion: video.duration,
      vistas: video.views,
      likes: video.likes,
      subido: iso(video.created_at),
      publicado: iso(video.published_at),
      archivo: video.video_key ? add(`media/canal/${video.name}.mp4`, video.video_key) : null,
    })),
  };
  const body = {
    canal,
    suscripciones: subscriptions.map((s) => ({
      canal: `${siteUrl}/canales/${s.url}`,
      desde: iso(s.created_at),
    })),
    videos_que_te_gustan: likes.map((l) => ({
      video: `${siteUrl}/canales/${l.url}/${l.name}`,
      fecha: iso(l.created_at),
    })),
  };
  return { files: [{ name: 'canal.json', body: `${JSON.stringify(body, null, 2)}\n` }], media };
}
