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
  baseMapOnline: 'El mapa base de este sitio necesita conexión, salvo en las zonas que guardes aquí abajo.',
  regions: {
    title: 'Mapa base por zonas',
    intro:
      'Guarda el mapa de una zona para verlo sin cobertura. Fuera de las zonas guardadas verás los lugares sin mapa.',
    region: 'Zona',
    view: 'Lo que ves ahora en el mapa',
    viewName: 'Zona del mapa',
    communities: 'Comunidades autónomas',
    provinces: 'Provincias',
    detail: 'Detalle',
    level: (z: number, max: number) => (z === max ? `Máximo (nivel ${z})` : `Nivel ${z}`),
    measuring: 'Calculando el tamaño…',
    size: (name: string, bytes: number) => `${name} · ${megabytes(bytes)}`,
    save: 'Guardar',
    saveNamed: (name: string) => `Guardar ${name}`,
    tooLarge: 'Esta zona es demasiado grande con tanto detalle: elige una más pequeña o menos detalle.',
    noRoom: (bytes: number, free: number) =>
      `No cabe: esta zona ocupa ${megabytes(bytes)} y el navegador solo deja ${megabytes(free)} libres en este dispositivo. Elige una zona más pequeña o menos detalle.`,
    failed: 'No hemos podido leer el mapa base. Comprueba tu conexión.',
    saving: (name: string, saved: number, total: number) =>
      `Guardando ${name}… ${megabytes(saved)} de ${megabytes(total)}`,
    progress: 'Progreso de la descarga',
    cancel: 'Cancelar',
    cancelled: 'Descarga cancelada',
    saveFailed: 'La descarga se ha cortado. Comprueba tu conexión y vuelve a intentarlo.',
    saved: (name: string) => `${name} guardada para usar sin conexión`,
    list: 'Zonas guardadas',
    savedRow: (bytes: number, z: number) => `${megabytes(bytes)} · nivel ${z}`,
    interrupted: (saved: number, total: number) =>
      `Descarga interrumpida · ${megabytes(saved)} de ${megabytes(total)}`,
    delete: 'Borrar',
    deleteNamed: (name: string) => `Borrar ${name}`,
    deleted: (name: string) => `${name} borrada de este dispositivo`,
  },
};
