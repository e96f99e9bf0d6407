import { z } from 'zod';

/**
 * The Ministry's fuel prices (MITECO, "Precios de carburantes", REST service EstacionesTerrestres): one JSON
 * answer with every station of mainland Spain and the islands, its prices as text with decimal commas ("0,989"),
 * an empty text where a fuel is not sold, and the answer's date in Spanish time ("29/11/2026 9:40:13").
 * Only the fields the import uses are read; a station that sells LPG must have them all well formed, or the
 * whole answer is refused (nothing half-imported).
 */

/** The words of the source's terms: its data is shown with its origin (datos abiertos, Ley 37/2007). */
export const LPG_SOURCE = 'Ministerio para la Transición Ecológica y el Reto Demográfico';

const LPG_FIELD = 'Precio Gases licuados del petróleo';

/** "0,989" → 0.989; "" → null. */
const decimalComma = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

const stationSchema = z.looseObject({
  IDEESS: z.string().min(1).max(20),
  Rótulo: z.string(),
  Dirección: z.string(),
  Municipio: z.string(),
  Provincia: z.string(),
  Horario: z.string().default(''),
  Latitud: z.string(),
  'Longitud (WGS84)': z.string(),
  [LPG_FIELD]: z.string().default(''),
});

const answerSchema = z.looseObject({
  Fecha: z.string().regex(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2}$/),
  ListaEESSPrecio: z.array(stationSchema),
  ResultadoConsulta: z.literal('OK'),
});

/** A station that sells LPG, as the import needs it. */
export interface LpgStation {
  id: string;
  brand: string;
  address: string;
  municipality: string;
  hours: string;
  lat: number;
  lng: number;
  /** € per litre. */
  price: number;
}

export interface LpgAnswer {
  /** When the prices held (the answer's "Fecha"). */
  pricedAt: Date;
  stations: LpgStation[];
}

/** Minutes Europe/Madrid is ahead of UTC at `utc` (60 in winter, 120 in summer). */
function madridOffsetMinutes(utc: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Madrid',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(utc);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((local - Math.floor(utc.getTime() / 60_000) * 60_000) / 60_000);
}

/** "29/11/2026 9:40:13", Spanish time, as an instant. */
export function parseSpanishTime(text: string): Date {
  const [day, month, year, hour, minute, second] = text.split(/[/ :]/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return new Date(asUtc - madridOffsetMinutes(new Date(asUtc)) * 60_000);
}

/** Spain with the Canaries, Ceuta and Melilla: a station outside is a malformed answer. */
const inSpain = (lat: number, lng: number) => lat > 27 && lat < 44.5 && lng > -18.5 && lng < 4.5;

/**
 * The stations of an answer that sell LPG; throws (a ZodError) when the answer or one of them is malformed:
 * a missing field, a price or coordinate that is not a number, a price no pump asks (over 5 €/l), a place
 * outside Spain.
 */
export function parseLpgAnswer(json: unknown): LpgAnswer {
  const answer = answerSchema.parse(json);
  const stations: LpgStation[] = [];
  const problems: z.core.$ZodIssue[] = [];
  for (const [index, station] of answer.ListaEESSPrecio.entries()) {
    const price = decimalComma(station[LPG_FIELD]);
    if (price === null) continue;
    const lat = decimalComma(station.Latitud) ?? Number.NaN;
    const lng = decimalComma(station['Longitud (WGS84)']) ?? Number.NaN;
    if (!(price > 0 && price < 5) || !inSpain(lat, lng)) {
      problems.push({
        code: 'custom',
        message: `station ${station.IDEESS}: price or coordinates not understood`,
        path: ['ListaEESSPrecio', index],
        input: station,
      });
      continue;
    }
    stations.push({
      id: station.IDEESS,
      brand: station['Rótulo'].trim(),
      address: station['Dirección'].trim(),
      municipality: station.Municipio.trim(),
      hours: station.Horario.trim(),
      lat,
      lng,
      price,
    });
  }
  if (problems.length > 0) throw new z.ZodError(problems);
  return { pricedAt: parseSpanishTime(answer.Fecha), stations };
}
