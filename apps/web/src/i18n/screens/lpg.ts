// Texts of the LPG prices (issue #32): the price line of LPG stations on the map and their sheets, the list's
// sort by price, and the source's attribution, as its terms of reuse ask (its origin named where its data shows).

const litre = (price: number) =>
  price.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const esLpg = {
  /** "GLP 0,979 €/l". */
  price: (price: number) => `GLP ${litre(price)} €/l`,
  /** On the marker, beside its pin: "0,979". */
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
};
