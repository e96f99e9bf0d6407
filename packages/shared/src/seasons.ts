/**
 * The months a place is open (issue #32): a 12-bit mask, bit 0 January … bit 11 December; null when not
 * stated. Plain rules, free of zod: the server's "Abierto ahora" filter, the sheet and the add-place form.
 */

export const MONTHS_ALL = 0xfff;

export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** Months 1–12 as a mask. */
export const monthsMask = (months: readonly number[]) =>
  months.reduce((mask, month) => (month >= 1 && month <= 12 ? mask | (1 << (month - 1)) : mask), 0);

/** The months (1–12) of a mask, in order. */
export const maskMonths = (mask: number) =>
  Array.from({ length: 12 }, (_, i) => i + 1).filter((month) => (mask & (1 << (month - 1))) !== 0);

export const isOpenIn = (mask: number | null, month: number) =>
  mask === null || (mask & (1 << (month - 1))) !== 0;

/** The month (1–12) it is now in Spain, where the places are. */
export function monthInSpain(at: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { month: 'numeric', timeZone: 'Europe/Madrid' }).format(at));
}

const fold = (text: string) =>
  text
    .toLocaleLowerCase('es')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

/** Month names and their usual short forms, folded (no accents, lower case). */
const MONTH_WORDS = new Map<string, number>([
  ...MONTH_NAMES.map((name, i): [string, number] => [name, i + 1]),
  ...['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'].map(
    (short, i): [string, number] => [short, i + 1],
  ),
  ['setiembre', 9],
  ['sept', 9],
  ['set', 9],
]);

/** The months from `from` to `to` included, across the new year ("de noviembre a marzo"). */
function span(from: number, to: number): number[] {
  const months = [from];
  for (let month = from; month !== to;) {
    month = (month % 12) + 1;
    months.push(month);
  }
  return months;
}

/**
 * The free text of a season ("De junio a septiembre", "Todo el año", "julio y agosto", "De noviembre a
 * marzo") as a mask; null when it cannot be read as months alone ("Semana Santa", "Según el tiempo").
 */
export function parseSeason(text: string): number | null {
  const words = fold(text)
    .replace(/\s*[–—-]\s*/g, ' a ')
    .replace(/[.,;:()/]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return null;
  const joined = words.join(' ');
  if (
    /^(abierto )?(todo el ano|todo el ano abierto|all year|siempre abierto|abierto siempre|anual)$/.test(
      joined,
    )
  )
    return MONTHS_ALL;

  const months: number[] = [];
  let from: number | null = null;
  let pending: 'range' | null = null;
  for (const word of words) {
    if (['de', 'del', 'desde', 'abierto', 'abierta', 'y', 'e', 'meses', 'solo', 'en'].includes(word))
      continue;
    if (['a', 'al', 'hasta'].includes(word)) {
      if (from === null) return null;
      pending = 'range';
      continue;
    }
    const month = MONTH_WORDS.get(word) ?? null;
    if (month === null) return null;
    if (pending === 'range' && from !== null) {
      months.pop();
      months.push(...span(from, month));
      pending = null;
      from = null;
    } else {
      months.push(month);
      from = month;
    }
  }
  if (pending !== null || months.length === 0) return null;
  return monthsMask(months);
}

/** A mask as its runs of months, each [first, last] (a run may cross the new year): for "de junio a septiembre". */
export function monthRuns(mask: number): Array<[number, number]> {
  if (mask === MONTHS_ALL || mask === 0) return [];
  const open = (month: number) => (mask & (1 << (month - 1))) !== 0;
  const previous = (month: number) => ((month + 10) % 12) + 1;
  // Runs start at an open month after a closed one, the first of the year first; one over December and
  // January stays whole.
  const start = Array.from({ length: 12 }, (_, i) => i + 1).find(
    (month) => open(month) && !open(previous(month)),
  )!;
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < 12; i++) {
    const month = ((start - 1 + i) % 12) + 1;
    if (!open(month)) continue;
    const last = runs.at(-1);
    if (last && last[1] === previous(month)) last[1] = month;
    else runs.push([month, month]);
  }
  return runs;
}
