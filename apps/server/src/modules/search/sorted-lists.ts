/** The first index of `list` whose item is not before `item` in `order` (the list sorted by it). */
export function lowerBound<T>(list: readonly T[], item: T, order: (a: T, b: T) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(list[middle]!, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Strings in code-unit order (as PostgreSQL's "C" collation orders these folded texts). */
export const textOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
