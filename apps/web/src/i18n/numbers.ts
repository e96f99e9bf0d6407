// Numbers as Spain writes them, with one formatter made on first use: a page's first Intl object starts ICU,
// 30–60 ms on a phone.
let grouped: Intl.NumberFormat | undefined;

/**
 * A count: 1234 → '1234', 12345 → '12.345' (es-ES). Spanish groups thousands only from five digits on
 * (CLDR's minimum grouping digits), so the counts of a first screen, nearly always smaller, need no Intl at all.
 */
export function formatCount(n: number): string {
  if (Number.isInteger(n) && n > -10_000 && n < 10_000) return String(n);
  return (grouped ??= new Intl.NumberFormat('es-ES')).format(n);
}
