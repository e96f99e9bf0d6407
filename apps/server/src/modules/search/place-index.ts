import type { MapKind } from '@nomadas/shared';
import { foldWords } from './town-search.js';
import { lowerBound, textOrder } from './sorted-lists.js';

/** A public place as the search suggests it. */
export interface IndexedPlaceRow {
  id: string;
  urlpoint: string;
  name: string;
  kind: MapKind;
  municipality: string;
  province: string;
  lat: number;
  lng: number;
}

/** A town and province, held once for all their places. */
interface Town {
  municipality: string;
  province: string;
  /** The town's folded name (search_town): its places are found despite a typo in it. */
  folded: string;
  /** The folded words of town and province, which a place is also found by. */
  words: string;
  places: number;
}

interface Place {
  id: string;
  /** The id as a number, the tie-break of every order (ids are far below 2^53). */
  n: number;
  urlpoint: string;
  name: string;
  kind: MapKind;
  lat: number;
  lng: number;
  /** The name folded (search_name): exact and prefix matches, and the order of every class. */
  folded: string;
  town: Town;
}

/** A found place: what its suggestion shows. */
export type FoundPlace = Omit<IndexedPlaceRow, 'id'>;

/** By folded name in code-unit order (as "C" does for these letters), then id. */
const byName = (a: Place, b: Place) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : a.n - b.n);
const byId = (a: Place, b: Place) => a.n - b.n;
/** Places handled between two breaks of a build in steps (buildPlaceIndex): some 10-20 ms each. */
const BUILD_STEP = 2_000;

function insertSorted<T>(list: T[], item: T, order: (a: T, b: T) => number): void {
  list.splice(lowerBound(list, item, order), 0, item);
}
function removeSorted<T>(list: T[], item: T, order: (a: T, b: T) => number): void {
  const at = lowerBound(list, item, order);
  if (list[at] === item) list.splice(at, 1);
}

/** A walk over places in name order that can jump ahead (the lists are sorted by name). */
interface Cursor {
  /** The place it stands on; undefined once past the end. */
  at(): Place | undefined;
  /** Moves to the first place not before `place`. */
  seek(place: Place): void;
}

/** Walks one list, jumping ahead by galloping then halving. */
function listCursor(list: readonly Place[]): Cursor {
  let position = 0;
  return {
    at: () => list[position],
    seek(place) {
      if (position >= list.length || byName(list[position]!, place) >= 0) return;
      let step = 1;
      while (position + step < list.length && byName(list[position + step]!, place) < 0) step *= 2;
      let low = position + (step >> 1) + 1;
      let high = Math.min(position + step, list.length);
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (byName(list[middle]!, place) < 0) low = middle + 1;
        else high = middle;
      }
      position = low;
    },
  };
}

/** Walks the union of lists (a place in several of them once). */
function unionCursor(lists: ReadonlyArray<readonly Place[]>): Cursor {
  const members = lists.map(listCursor);
  let current: Place | undefined;
  const settle = () => {
    current = undefined;
    for (const member of members) {
      const place = member.at();
      if (place && (!current || byName(place, current) < 0)) current = place;
    }
  };
  settle();
  return {
    at: () => current,
    seek(place) {
      for (const member of members) member.seek(place);
      settle();
    },
  };
}

/**
 * The first `limit` places by name that every cursor holds: each one in turn jumps to the furthest place
 * any of them stands on, until all stand on the same one (a leapfrog join).
 */
function common(cursors: readonly Cursor[], limit: number): Place[] {
  const found: Place[] = [];
  let target = cursors[0]!.at();
  while (target && found.length < limit) {
    let agreed = true;
    for (const cursor of cursors) {
      cursor.seek(target);
      const place = cursor.at();
      if (!place) return found;
      if (place !== target) {
        target = place;
        agreed = false;
      }
    }
    if (!agreed) continue;
    found.push(target);
    cursors[0]!.seek({ folded: target.folded, n: target.n + 0.5 } as Place);
    target = cursors[0]!.at();
  }
  return found;
}

/**
 * Beginnings this short begin too many words to walk each one's list ('1': 1, 10…19, 100…199…): their
 * places are listed once more, under the beginning with a leading space (no word has one).
 */
const SHORT_BEGINNING = 3;
const isWord = (key: string) => !key.startsWith(' ');

/**
 * Bytes a place costs in memory besides its strings, estimated (its object, its slots and map entries): the
 * heap grew 80 MB for the bench's 100k places, which this counts.
 */
const PLACE_BYTES = 400;
/** Each word and short beginning it is found by: a slot in that one's list. */
const WORD_SLOT_BYTES = 8;

/**
 * The public places' search, in memory (#32): the same ranking as the SQL it replaces (search.queries.ts,
 * placesGroup), without a round trip. A place named exactly the text (class 0), then whose name starts with
 * it (1) — these two from the names in order —, then, while they leave room, those holding every word typed
 * in their name, town or province, the last one maybe begun (2; from the shortest list of places per word),
 * then those of the towns the text is a typo of (3). Each class in name order, then id. Kept current place
 * by place (`put`, `remove`): each list is sorted, so a change is a few binary searches and splices.
 */
function* placeIndexBuild(rows: readonly IndexedPlaceRow[]) {
  const places = new Map<string, Place>();
  const towns = new Map<string, Town>();
  /** Every place by name. */
  let named: Place[] = [];
  /**
   * The places holding each word, by name, and those holding a word of each short beginning (keyOf); and
   * the words in order, for the ones a longer beginning begins.
   */
  const holders = new Map<string, Place[]>();
  let words: string[] = [];
  /** The places of each folded town, by id. */
  const inTown = new Map<string, Place[]>();
  let stringBytes = 0;
  let wordSlots = 0;

  function townOf(municipality: string, province: string): Town {
    const key = `${municipality}\u0000${province}`;
    let town = towns.get(key);
    if (!town) {
      town = {
        municipality,
        province,
        folded: foldWords(municipality),
        words: foldWords(`${municipality} ${province}`),
        places: 0,
      };
      towns.set(key, town);
      stringBytes += 2 * (key.length + town.folded.length + town.words.length);
    }
    town.places++;
    return town;
  }

  function release(town: Town): void {
    if (--town.places > 0) return;
    const key = `${town.municipality}\u0000${town.province}`;
    towns.delete(key);
    stringBytes -= 2 * (key.length + town.folded.length + town.words.length);
  }

  function toPlace(row: IndexedPlaceRow): Place {
    return {
      id: row.id,
      n: Number(row.id),
      urlpoint: row.urlpoint,
      name: row.name,
      kind: row.kind,
      lat: row.lat,
      lng: row.lng,
      folded: foldWords(row.name),
      town: townOf(row.municipality, row.province),
    };
  }

  const ownBytes = (place: Place) =>
    2 * (place.id.length + place.urlpoint.length + place.name.length + place.folded.length);
  /** The distinct words a place is found by. */
  const wordsOf = (place: Place) =>
    new Set(`${place.folded} ${place.town.words}`.split(' ').filter((word) => word !== ''));
  /** The keys of its lists: its words, and their short beginnings (marked by a leading space). */
  const keysOf = (place: Place) => {
    const keys = wordsOf(place);
    for (const word of [...keys])
      for (let length = 1; length <= Math.min(SHORT_BEGINNING, word.length); length++)
        keys.add(` ${word.slice(0, length)}`);
    return keys;
  };

  // Built at once: sorted once, and each word's list filled in name order.
  let done = 0;
  for (const row of rows) {
    const place = toPlace(row);
    places.set(place.id, place);
    stringBytes += ownBytes(place);
    if (++done % BUILD_STEP === 0) yield;
  }
  named = [...places.values()].sort(byName);
  for (const place of named) {
    if (++done % BUILD_STEP === 0) yield;
    for (const word of keysOf(place)) {
      const list = holders.get(word);
      if (list) list.push(place);
      else holders.set(word, [place]);
      wordSlots++;
    }
    const list = inTown.get(place.town.folded);
    if (list) list.push(place);
    else inTown.set(place.town.folded, [place]);
  }
  words = [...holders.keys()].filter(isWord).sort(textOrder);
  for (const key of holders.keys()) stringBytes += 2 * key.length;
  for (const list of inTown.values()) list.sort(byId);

  function remove(id: string): void {
    const place = places.get(id);
    if (!place) return;
    places.delete(id);
    stringBytes -= ownBytes(place);
    removeSorted(named, place, byName);
    for (const word of keysOf(place)) {
      const list = holders.get(word)!;
      removeSorted(list, place, byName);
      wordSlots--;
      if (list.length === 0) {
        holders.delete(word);
        if (isWord(word)) removeSorted(words, word, textOrder);
        stringBytes -= 2 * word.length;
      }
    }
    const list = inTown.get(place.town.folded)!;
    removeSorted(list, place, byId);
    if (list.length === 0) inTown.delete(place.town.folded);
    release(place.town);
  }

  /** Adds a public place, or replaces what was held of it. */
  function put(row: IndexedPlaceRow): void {
    remove(row.id);
    const place = toPlace(row);
    places.set(place.id, place);
    stringBytes += ownBytes(place);
    insertSorted(named, place, byName);
    for (const word of keysOf(place)) {
      let list = holders.get(word);
      if (!list) {
        holders.set(word, (list = []));
        if (isWord(word)) insertSorted(words, word, textOrder);
        stringBytes += 2 * word.length;
      }
      insertSorted(list, place, byName);
      wordSlots++;
    }
    let list = inTown.get(place.town.folded);
    if (!list) inTown.set(place.town.folded, (list = []));
    insertSorted(list, place, byId);
  }

  /** The first `limit` places by name holding every word of `typed`, the last one maybe begun. */
  function holdingWords(typed: readonly string[], limit: number): Place[] {
    const cursors: Cursor[] = [];
    for (const word of typed.slice(0, -1)) {
      const list = holders.get(word);
      if (!list) return [];
      cursors.push(listCursor(list));
    }
    const begun = typed[typed.length - 1]!;
    if (begun.length <= SHORT_BEGINNING) {
      const list = holders.get(` ${begun}`);
      if (!list) return [];
      cursors.push(listCursor(list));
    } else {
      const lists: Place[][] = [];
      for (let i = lowerBound(words, begun, textOrder); i < words.length && words[i]!.startsWith(begun); i++)
        lists.push(holders.get(words[i]!)!);
      if (lists.length === 0) return [];
      cursors.push(lists.length === 1 ? listCursor(lists[0]!) : unionCursor(lists));
    }
    return common(cursors, limit);
  }

  /**
   * The places for a text (folded by foldWords), at most `limit`; `typoTowns` are the folded names of the
   * towns the text is a typo of (town-search.ts), whose places come last.
   */
  function search(term: string, typoTowns: readonly string[], limit: number): FoundPlace[] {
    if (!term || limit <= 0) return [];
    const from = lowerBound(named, { folded: term, n: -Infinity } as Place, byName);
    const past = lowerBound(named, { folded: term, n: Infinity } as Place, byName);
    const exact = named.slice(from, Math.min(past, from + limit));
    const begun: Place[] = [];
    for (let i = past; i < named.length && begun.length < limit && named[i]!.folded.startsWith(term); i++)
      begun.push(named[i]!);
    const near = [...exact, ...begun];
    let found = near;
    if (near.length < limit) {
      const taken = new Set(near);
      const byWords = holdingWords(term.split(' '), limit).filter((place) => !taken.has(place));
      for (const place of byWords) taken.add(place);
      const byTypo: Place[] = [];
      for (const town of [...new Set(typoTowns)].sort(textOrder)) {
        for (const place of inTown.get(town) ?? []) {
          if (byTypo.length === limit) break;
          byTypo.push(place);
        }
      }
      found = [...near, ...byWords.sort(byName), ...byTypo.filter((place) => !taken.has(place)).sort(byName)];
    }
    return found.slice(0, limit).map((place) => ({
      urlpoint: place.urlpoint,
      name: place.name,
      kind: place.kind,
      municipality: place.town.municipality,
      province: place.town.province,
      lat: place.lat,
      lng: place.lng,
    }));
  }

  return {
    search,
    put,
    remove,
    /** Places held. */
    size: () => places.size,
    /** Its estimated bytes: its strings as UTF-16, each place's objects and slots. */
    bytes: () => stringBytes + places.size * PLACE_BYTES + wordSlots * WORD_SLOT_BYTES,
  };
}

/** The index of `rows`, built at once (tests, small sets). */
export function createPlaceIndex(rows: readonly IndexedPlaceRow[]) {
  const build = placeIndexBuild(rows);
  for (;;) {
    const step = build.next();
    if (step.done) return step.value;
  }
}

/**
 * The index of `rows`, built in steps of BUILD_STEP places with the event loop free between them: at 100k
 * places a build is over a second of CPU, which would hold every request of the instance.
 */
export async function buildPlaceIndex(rows: readonly IndexedPlaceRow[]) {
  const build = placeIndexBuild(rows);
  for (;;) {
    const step = build.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export type PlaceIndex = ReturnType<typeof createPlaceIndex>;
