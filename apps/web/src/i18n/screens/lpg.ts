// Texts of the LPG prices (issue #32): the price line of LPG stations on the map and their sheets, the list's
// sort by price, "GLP más barato cerca", and the source's attribution, as its terms of reuse ask (its origin
// named where its data shows).

/** Euros with 2 decimals, as pumps show them: the Ministry's 0.979 reads "0,98" (it is kept, and sorted, as is). */
const litre = (price: number) =>
  price.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const esLpg = {
  /** "GLP 0,98 €/l". */
  price: (price: number) => `GLP ${litre(price)} €/l`,
  /** On the marker, beside its pin: "0,98". */
  markerPrice: litre,
  /** "hace 2 h", "hace 5 min", "hace 3 d": how old the price is, short. */
  ago(seconds: number): string {
    if (seconds < MINUTE) return 'ahora';
    if (seconds < HOUR) return `hace ${Math.round(seconds / MINUTE)} min`;
    if (seconds < DAY) return `hace ${Math.round(seconds / HOUR)} h`;
    return `hace ${Math.round(seconds / DAY)} d`;
  },
  /** How long ago `iso` was, now. */
  agoSince: (iso: string, now = Date.now()) =>
    esLpg.ago(Math.max(0, Math.round((now - Date.parse(iso)) / 1000))),
  source: 'Precios: Ministerio para la Transición Ecológica y el Reto Demográfico, datos abiertos',
  /** The map's attribution line (HTML: the source's page). */
  attribution:
    'Precios GLP: <a href="https://geoportalgasolineras.es" title="Ministerio para la Transición Ecológica y el Reto Demográfico, datos abiertos">MITECO</a>',
  sort: {
    label: 'Ordenar',
    nearest: 'Más cerca',
    cheapest: 'Más barato',
    /** Under the list sorted by price. */
    hint: 'Las gasolineras con GLP por precio, de la más barata a la más cara; las que no tienen precio, al final.',
  },
  /** A price older than a week, or of a station the Ministry no longer lists. */
  stale: 'precio sin actualizar',
  near: {
    open: 'GLP más barato cerca',
    fromMe: (km: number) =>
      `Las gasolineras con GLP a menos de ${km} km de tu posición, de la más barata a la más cara.`,
    fromCentre: (km: number) =>
      `Las gasolineras con GLP a menos de ${km} km del centro del mapa, de la más barata a la más cara.`,
    staleLast: 'Las de precio sin actualizar van al final.',
    loading: 'Buscando precios de GLP…',
    empty: (km: number) => `No conocemos precios de GLP a menos de ${km} km. Mueve el mapa a otra zona.`,
    failed: 'No hemos podido traer los precios de GLP.',
    offline:
      'Sin conexión: las gasolineras con GLP que se ven en el mapa, por el último precio que conocemos en este dispositivo.',
    offlineEmpty: 'Sin conexión, y no tenemos gasolineras con GLP de esta zona del mapa en este dispositivo.',
  },
};
