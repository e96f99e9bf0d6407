// Texts of the places saved for use offline (/mapa's "Sin conexión" panel; issue #31).
import { formatCount } from '../numbers';
import { timeAgo } from '../relativeTime';

const megabytes = (bytes: number) =>
  `${(bytes / 1_000_000).toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

const places = (n: number) => (n === 1 ? '1 lugar' : `${formatCount(n)} lugares`);

export const esMapaOffline = {
  tool: 'Usar sin conexión',
  title: 'Lugares sin conexión',
  intro:
    'Guarda en este dispositivo todos los lugares de España con sus fichas (servicios, precio, límites y ' +
    'últimas opiniones) para verlos en el mapa, filtrarlos y buscarlos sin cobertura.',
  save: 'Guardar España para usar sin conexión',
  saving: 'Guardando lugares…',
  saved: (n: number, updatedAt: number) =>
    `Guardado · ${places(n)} · actualizado ${timeAgo(new Date(updatedAt).toISOString())}`,
  update: 'Actualizar',
  delete: 'Borrar',
  deleted: 'Lugares guardados borrados de este dispositivo',
  failed: 'No hemos podido descargar los lugares. Comprueba tu conexión.',
  updates: 'Se actualiza solo cada vez que abres el mapa con conexión, descargando solo lo que ha cambiado.',
  servingSaved: 'Sin conexión: ves los lugares guardados en este dispositivo.',
  savedSheet: 'Sin conexión: ves la ficha guardada en este dispositivo.',
  savedNoPosts: 'Las fotos del muro desde aquí se ven con conexión.',
  search: 'Buscar un lugar o pueblo guardado',
  searchPlaceholder: 'Nombre, pueblo o provincia',
  noResults: 'Ningún lugar guardado con ese nombre.',
  baseMap: (bytes: number) => `Mapa base: ${megabytes(bytes)}`,
  baseMapSaved: (bytes: number) => `Mapa base guardado: ${megabytes(bytes)}`,
  baseMapOnline: 'El mapa base de este sitio necesita conexión: sin ella verás los lugares sobre un contorno.',
};
