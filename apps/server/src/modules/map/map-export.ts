import { VISIBILITY_FRIENDS } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import { IMAGE_VARIANTS } from '../../media/images.js';
import type { ZipEntry } from '../own-profile/export-zip.js';
import * as q from './map-export.queries.js';
import { selectExportSavedPlaces } from './saved-places.queries.js';
import { selectExportPlaceStatus } from './place-status.queries.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The data export's part of the map: `mapa.json` (the places they added, their reviews, confirmations and
 * reports of places, the position they share now, their "Mis lugares") and, under media/lugares/, their photos
 * of their places, under media/fotos-de-lugares/ those they added to other people's.
 * Other places appear by their link only; other people's reviews are theirs. Nothing when the user has
 * nothing on the map, as for channels.
 */
export async function collectMapExport(
  ctx: AppContext,
  userId: string,
): Promise<{ files: ZipEntry[]; media: ZipEntry[] }> {
  const [places, reviews, confirmations, reports, position, status] = await Promise.all([
    q.selectExportPlaces(ctx.db, userId),
    q.selectExportReviews(ctx.db, userId),
    q.selectExportConfirmations(ctx.db, userId),
    q.selectExportPlaceReports(ctx.db, userId),
    q.selectExportLivePosition(ctx.db, userId),
    selectExportPlaceStatus(ctx.db, userId),
  ]);
  const [saved, othersPhotos] = await Promise.all([
    selectExportSavedPlaces(ctx.db, userId),
    q.selectExportOthersPlacePhotos(ctx.db, userId),
  ]);
  const nothing = [places, reviews, confirmations, reports, status, saved, othersPhotos].every(
    (rows) => rows.length === 0,
  );
  if (nothing && !position) return { files: [], media: [] };

  const siteUrl = ctx.config.publicUrl;
  const link = (urlpoint: string) => `${siteUrl}/mapa/location/${urlpoint}`;
  const media: ZipEntry[] = [];
  const photo = (urlpoint: string, stem: string, i: number, folder = 'lugares') => {
    const name = `media/${folder}/${urlpoint}-${i + 1}.jpg`;
    media.push({ name, open: () => ctx.media.open(`${stem}${IMAGE_VARIANTS.displayJpeg}`) });
    return name;
  };

  const body = {
    lugares: places.map((place) => ({
      nombre: place.name,
      enlace: link(place.urlpoint),
      tipo: place.kind,
      descripcion: place.description,
      lat: place.lat,
      lng: place.lng,
      municipio: place.municipality,
      provincia: place.province,
      servicios: place.services,
      precio: place.price,
      temporada: place.season,
      estancia_maxima: place.max_stay,
      plazas: place.places,
      longitud_maxima: place.max_length,
      altura_maxima: place.max_height,
      firme: place.surface,
      borrador: place.status === 'draft',
      alta: iso(place.created_at),
      fotos: place.own_photos.map((stem, i) => photo(place.urlpoint, stem, i)),
    })),
    fotos_en_otros_lugares: othersPhotos.map((row, i) => ({
      lugar: link(row.urlpoint),
      foto: photo(row.urlpoint, row.media, i, 'fotos-de-lugares'),
      fecha: iso(row.created_at),
    })),
    lugares_guardados: saved.map((row) => ({
      nombre: row.name,
      lugar: link(row.urlpoint),
      fecha: iso(row.created_at),
    })),
    opiniones: reviews.map((r) => ({
      lugar: link(r.urlpoint),
      estrellas: r.stars,
      texto: r.text,
      estancia: r.stayed,
      fecha: iso(r.created_at),
      editada: iso(r.updated_at),
    })),
    confirmaciones: confirmations.map((c) => ({ lugar: link(c.urlpoint), fecha: iso(c.created_at) })),
    denuncias_de_lugares: reports.map((r) => ({
      lugar: link(r.urlpoint),
      motivo: r.reason,
      fecha: iso(r.created_at),
    })),
    // Their latest word per place and topic (place-status): a service, the price paid, room.
    avisos_de_lugares: status.map((s) => ({
      lugar: link(s.urlpoint),
      sobre: s.topic,
      ...(s.topic === 'precio' ? { precio: s.price } : { estado: s.state }),
      fecha: iso(s.reported_at),
    })),
    posicion_compartida: position
      ? {
          lat: position.lat,
          lng: position.lng,
          con: position.type === VISIBILITY_FRIENDS ? 'amigos' : 'todos',
          hasta: iso(position.until_at),
          actualizada: iso(position.updated_at),
        }
      : null,
  };
  return { files: [{ name: 'mapa.json', body: `${JSON.stringify(body, null, 2)}\n` }], media };
}
