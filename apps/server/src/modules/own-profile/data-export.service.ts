import path from 'node:path';
import type { Readable } from 'node:stream';
import { EXPORT_LINK_TTL_S, MSG } from '@nomadas/shared';
import type { ExportLink } from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import { hashToken, newToken, type Viewer } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { IMAGE_VARIANTS } from '../../media/images.js';
import { collectChannelExport } from '../channels/channel-export.js';
import { collectMapExport } from '../map/map-export.js';
import { findInterest } from '../premium/premium.queries.js';
import { selectExportPushSubscriptions } from '../push/push.queries.js';
import * as q from './data-export.queries.js';
import { streamZip, type ZipEntry } from './export-zip.js';
import { requirePassword } from './password-check.js';
import { findVehicle } from './vehicle.queries.js';

/**
 * RGPD access and portability: everything the user made, as JSON, with their photos.
 * What counts as theirs: their profile, posts, comments and replies (wherever they wrote them), likes,
 * reports, follows both ways (who they follow and who follows them: the relation is theirs too, as
 * usernames only), notifications they received and the devices they get them on (Web Push), chat messages they sent and whom they block, contact
 * messages they sent, their sessions' dates, their video channel with its videos, subscriptions and
 * video likes, and on the map the places they added (with their photos), their reviews, confirmations and
 * reports of places and the position they share.
 * What does not: other people's comments on their posts, other people's posts they commented on or liked
 * (only the post's url, a link, is given), anyone's images but their own. Photos are the largest copy the
 * server keeps: uploads are re-encoded (metadata stripped) to at most 1440 px and the original is not kept.
 */
const README = (site: string, siteUrl: string) => `Tus datos de ${site}

Este archivo contiene todo lo que has creado en ${siteUrl}:

  perfil.json          tu cuenta: usuario, email, descripción, fechas y tu vehículo
  posts.json           tus posts, con su texto y la foto de cada uno (carpeta media/posts)
  comentarios.json     tus comentarios y respuestas, y el post donde los escribiste
  likes.json           los posts y comentarios que te gustan
  seguimientos.json    a quién sigues y quién te sigue
  notificaciones.json  las notificaciones que has recibido
  mensajes.json        los mensajes de chat que has enviado y a quién bloqueas
  denuncias.json       los posts que has denunciado
  contacto.json        los mensajes que nos has enviado desde la página de contacto
  sesiones.json        cuándo empezó y cuándo caduca cada sesión abierta
  mapa.json            los lugares que has añadido al mapa (sus fotos en la carpeta media/lugares),
                       tus opiniones, confirmaciones y denuncias de lugares, y la posición que compartes
                       (solo si tienes algo de esto)
  avisos.json          los dispositivos donde recibes avisos con la aplicación cerrada (solo si los
                       has activado)
  canal.json           tu canal de vídeos y sus vídeos (carpeta media/canal), tus suscripciones y los
                       vídeos que te gustan (solo si tienes algo de esto)
  media/               tus fotos: las de tus posts, de tus lugares y tus imágenes de perfil y portada;
                       tus vídeos

Los comentarios de otras personas en tus posts, sus opiniones de tus lugares y los mensajes que te
han enviado son suyos y no están aquí.
Las fotos son la copia más grande que guardamos (hasta 1440 px): al subirlas quitamos sus metadatos
(ubicación, cámara) y no conservamos el original.
`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** POST /api/perfil/export: a download link that works once, for a few minutes. */
export async function createExportLink(
  ctx: AppContext,
  viewer: Viewer,
  password: string,
): Promise<ExportLink> {
  await requirePassword(ctx, viewer, password, 'exportUser', MSG.passwordWrong);
  const token = newToken();
  const expiresAt = new Date(Date.now() + EXPORT_LINK_TTL_S * 1000);
  await q.insertExportDownload(ctx.db, hashToken(token), viewer.id, expiresAt);
  return { url: `/api/perfil/export/${token}`, caduca: Math.floor(expiresAt.getTime() / 1000) };
}

/** The zip's name and its entries, read from the database before the first byte is sent. */
async function collectExport(ctx: AppContext, userId: string) {
  const profile = await q.selectExportProfile(ctx.db, userId);
  const vehicle = (await findVehicle(ctx.db, userId)) ?? null;
  if (!profile) throw badRequest(MSG.exportLinkInvalid);
  const [
    posts,
    comments,
    postLikes,
    commentLikes,
    following,
    followers,
    notifications,
    chatMessages,
    chatBlocks,
    reports,
    contact,
    sessions,
    pushDevices,
  ] = await Promise.all([
    q.selectExportPosts(ctx.db, userId),
    q.selectExportComments(ctx.db, userId),
    q.selectExportPostLikes(ctx.db, userId),
    q.selectExportCommentLikes(ctx.db, userId),
    q.selectExportFollowing(ctx.db, userId),
    q.selectExportFollowers(ctx.db, userId),
    q.selectExportNotifications(ctx.db, userId),
    q.selectExportChatMessages(ctx.db, userId),
    q.selectExportChatBlocks(ctx.db, userId),
    q.selectExportReports(ctx.db, userId),
    q.selectExportContactMessages(ctx.db, userId),
    q.selectExportSessions(ctx.db, userId),
    selectExportPushSubscriptions(ctx.db, userId),
  ]);
  const [channel, map] = await Promise.all([
    collectChannelExport(ctx, userId),
    collectMapExport(ctx, userId),
  ]);

  const media: ZipEntry[] = [];
  const ownImage = (url: string, name: string) => {
    const key = url ? ctx.media.keyOf(url) : undefined;
    if (!key) return null;
    const file = `media/perfil/${name}${path.extname(key)}`;
    media.push({ name: file, open: () => ctx.media.open(key) });
    return file;
  };
  const postFiles = posts.map((post) => {
    const file = `media/posts/${post.url}.jpg`;
    media.push({ name: file, open: () => ctx.media.open(`${post.media}${IMAGE_VARIANTS.displayJpeg}`) });
    return file;
  });

  const site = ctx.config.siteName;
  const siteUrl = ctx.config.publicUrl;
  const files: ZipEntry[] = [
    { name: 'LEEME.txt', body: README(site, siteUrl) },
    {
      name: 'perfil.json',
      body: json({
        usuario: profile.username,
        email: profile.email,
        descripcion: profile.description,
        imagen_perfil: ownImage(profile.img_profile, 'avatar'),
        imagen_portada: ownImage(profile.img_cover, 'portada'),
        rol: profile.role,
        alta: iso(profile.created_at),
        activada: iso(profile.activated_at),
        vehiculo: vehicle && {
          tipo: vehicle.type,
          longitud_m: vehicle.length,
          altura_m: vehicle.height,
          peso_t: vehicle.weight,
        },
        exportado: new Date().toISOString(),
      }),
    },
    {
      name: 'posts.json',
      body: json(
        posts.map((post, i) => ({
          url: post.url,
          enlace: `${siteUrl}/muro/${post.url}`,
          texto: post.text,
          texto_editado: post.edited_text,
          fecha: iso(post.created_at),
          likes: post.likes_count,
          comentarios: post.comments_count,
          hashtags: post.tags ?? [],
          oculto_por_denuncias: post.hidden_at !== null,
          foto: postFiles[i],
        })),
      ),
    },
    {
      name: 'comentarios.json',
      body: json(
        comments.map((comment) => ({
          id: Number(comment.id),
          post: comment.post_url,
          respuesta_a: comment.parent_id === null ? null : Number(comment.parent_id),
          texto: comment.text,
          fecha: iso(comment.created_at),
          likes: comment.likes_count,
        })),
      ),
    },
    {
      name: 'likes.json',
      body: json({
        posts: postLikes.map((like) => ({ post: like.post_url, fecha: iso(like.created_at) })),
        comentarios: commentLikes.map((like) => ({
          comentario: Number(like.comment_id),
          post: like.post_url,
          fecha: iso(like.created_at),
        })),
      }),
    },
    {
      name: 'seguimientos.json',
      body: json({
        sigues: following.map((f) => ({ usuario: f.username, desde: iso(f.created_at) })),
        te_siguen: followers.map((f) => ({ usuario: f.username, desde: iso(f.created_at) })),
      }),
    },
    {
      name: 'notificaciones.json',
      body: json(
        notifications.map((n) => ({
          tipo: n.type,
          de: n.actor,
          post: n.post_url,
          fecha: iso(n.created_at),
          vista: n.seen_at !== null,
        })),
      ),
    },
    {
      name: 'mensajes.json',
      body: json({
        enviados: chatMessages.map((m) => ({ para: m.to, texto: m.body, fecha: iso(m.created_at) })),
        bloqueados: chatBlocks.map((b) => ({ usuario: b.username, desde: iso(b.created_at) })),
      }),
    },
    {
      name: 'denuncias.json',
      body: json(reports.map((r) => ({ post: r.post_url, fecha: iso(r.created_at) }))),
    },
    {
      name: 'contacto.json',
      body: json(
        contact.map((m) => ({
          nombre: m.name,
          email: m.email,
          asunto: m.subject,
          mensaje: m.message,
          fecha: iso(m.created_at),
        })),
      ),
    },
    {
      name: 'sesiones.json',
      body: json(sessions.map((s) => ({ inicio: iso(s.created_at), caduca: iso(s.expires_at) }))),
    },
  ];
  if (pushDevices.length > 0) {
    files.push({
      name: 'avisos.json',
      body: json(pushDevices.map((d) => ({ direccion: d.endpoint, desde: iso(d.created_at) }))),
    });
  }
  const premiumInterest = await findInterest(ctx.db, userId);
  if (premiumInterest) {
    files.push({
      name: 'premium.json',
      body: json({ avisame: true, desde: iso(premiumInterest.created_at) }),
    });
  }
  const day = new Date().toISOString().slice(0, 10);
  return {
    filename: `nomadas-${profile.username}-${day}.zip`,
    entries: [...files, ...map.files, ...channel.files, ...media, ...map.media, ...channel.media],
  };
}

/** GET /api/perfil/export/{code}: uses the link up and streams the zip. */
export async function openExport(
  ctx: AppContext,
  code: string,
  onError: (error: unknown) => void,
): Promise<{ filename: string; zip: Readable }> {
  const userId = await q.consumeExportDownload(ctx.db, hashToken(code));
  if (!userId) throw badRequest(MSG.exportLinkInvalid);
  const { filename, entries } = await collectExport(ctx, userId);
  return { filename, zip: streamZip(entries, onError) };
}
