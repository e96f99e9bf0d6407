/** A place of the list with its LPG price (`g`, € per litre) when it has one. */
interface Priced {
  point: { g?: number | undefined; n: string };
  km: number;
}

/** The list's "Más barato": places with an LPG price first, cheapest first (nearest on a tie), then the rest as they were. */
export function sortByLpgPrice<T extends Priced>(places: readonly T[]): T[] {
  const priced = places.filter((place) => place.point.g !== undefined);
  const rest = places.filter((place) => place.point.g === undefined);
  priced.sort((a, b) => a.point.g! - b.point.g! || a.km - b.km);
  return [...priced, ...rest];
}

/** True when the list has something to sort by price. */
export const hasLpgPrices = (places: readonly Priced[]) =>
  places.some((place) => place.point.g !== undefined);
