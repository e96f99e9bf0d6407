import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPlaceIndex, type IndexedPlaceRow } from './place-index.js';
import { foldWords } from './town-search.js';

let nextId = 1;
const place = (name: string, municipality = 'Astorga', province = 'León'): IndexedPlaceRow => ({
  id: String(nextId++),
  urlpoint: `lugar-${nextId}`,
  name,
  kind: 'default',
  municipality,
  province,
  lat: 42,
  lng: -6,
});
const names = (index: ReturnType<typeof createPlaceIndex>, text: string, typoTowns: string[] = []) =>
  index.search(foldWords(text), typoTowns, 5).map((found) => found.name);

/**
 * The ranking written plainly, as search.queries.ts's placesGroup states it in SQL: the exact name (by id),
 * names beginning with the text, then (while those leave room) every word typed in name, town or province,
 * the last one maybe begun, then the places of the typo'd towns (the first five by town and id); each class
 * by name and id, the first five in all.
 */
function plainSearch(rows: readonly IndexedPlaceRow[], term: string, typoTowns: string[], limit: number) {
  const folded = rows.map((row) => ({
    row,
    n: Number(row.id),
    name: foldWords(row.name),
    town: foldWords(row.municipality),
    words: foldWords(`${row.name} ${row.municipality} ${row.province}`).split(' '),
  }));
  type Folded = (typeof folded)[number];
  const byName = (a: Folded, b: Folded) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.n - b.n);
  const exact = folded
    .filter((p) => p.name === term)
    .sort((a, b) => a.n - b.n)
    .slice(0, limit);
  const begun = folded
    .filter((p) => p.name !== term && p.name.startsWith(term))
    .sort(byName)
    .slice(0, limit);
  const near = [...exact, ...begun];
  if (near.length >= limit) return near.slice(0, limit).map((p) => p.row.name);
  const typed = term.split(' ');
  const words = folded
    .filter(
      (p) =>
        typed.slice(0, -1).every((word) => p.words.includes(word)) &&
        p.words.some((word) => word.startsWith(typed[typed.length - 1]!)),
    )
    .sort(byName)
    .slice(0, limit)
    .filter((p) => !near.includes(p));
  const typos = folded
    .filter((p) => typoTowns.includes(p.town))
    .sort((a, b) => (a.town < b.town ? -1 : a.town > b.town ? 1 : a.n - b.n))
    .slice(0, limit)
    .filter((p) => !near.includes(p) && !words.includes(p))
    .sort(byName);
  return [...near, ...words, ...typos].slice(0, limit).map((p) => p.row.name);
}

describe('place index', () => {
  it('ranks the exact name, then names beginning with the text, then every word typed, then typo towns', () => {
    const index = createPlaceIndex([
      place('Parking del Palacio de Gaudí'),
      place('Astorga'),
      place('Astorga norte'),
      place('Área de autocaravanas de Astorga'),
      place('Gasolinera de La Bañeza', 'La Bañeza'),
      place('Astorga'),
    ]);
    expect(names(index, 'ÁSTORGA')).toEqual([
      'Astorga',
      'Astorga',
      'Astorga norte',
      'Área de autocaravanas de Astorga',
      // By its town.
      'Parking del Palacio de Gaudí',
    ]);
    expect(names(index, 'palacio gaud')).toEqual(['Parking del Palacio de Gaudí']);
    expect(names(index, 'leon parking')).toEqual(['Parking del Palacio de Gaudí']);
    // The words typed must all be there, only the last one begun.
    expect(names(index, 'palac gaudi')).toEqual([]);
    expect(names(index, 'zzz')).toEqual([]);
    // A town typed with a typo brings its places last, in name order.
    expect(names(index, 'la banesa', ['la baneza'])).toEqual(['Gasolinera de La Bañeza']);
    expect(names(index, 'astroga', ['astorga'])).toEqual([
      'Área de autocaravanas de Astorga',
      'Astorga',
      'Astorga',
      'Astorga norte',
      'Parking del Palacio de Gaudí',
    ]);
  });

  it('answers a place added, renamed or removed at once', () => {
    const index = createPlaceIndex([place('Área de Peñíscola')]);
    const added = place('Camping de Peñíscola norte', 'Peñíscola', 'Castellón');
    index.put(added);
    expect(names(index, 'peniscola norte')).toEqual(['Camping de Peñíscola norte']);
    expect(names(index, 'castellon')).toEqual(['Camping de Peñíscola norte']);
    index.put({ ...added, name: 'Área de Benicarló', municipality: 'Benicarló' });
    expect(names(index, 'peniscola norte')).toEqual([]);
    expect(names(index, 'benicarlo')).toEqual(['Área de Benicarló']);
    expect(names(index, 'are')).toEqual(['Área de Benicarló', 'Área de Peñíscola']);
    index.remove(added.id);
    expect(names(index, 'benicarlo')).toEqual([]);
    expect(names(index, 'are')).toEqual(['Área de Peñíscola']);
    expect(index.size()).toBe(1);
    // Removing what is not there changes nothing.
    index.remove('999999');
    expect(index.size()).toBe(1);
  });

  it('answers as the plain ranking does, however the places change', () => {
    const words = [
      'area',
      'área',
      'de',
      'del',
      'astorga',
      'ast',
      'a',
      '1',
      '12',
      '123',
      'parking',
      'la',
      'lago',
    ];
    const towns = ['Astorga', 'La Bañeza', 'Lago', 'Ávila'];
    const name = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
    const row = fc.record({ name, town: fc.constantFrom(...towns) });
    const text = fc.array(fc.constantFrom(...words, 'zz', 'astorg', 'la ba', 'lag'), {
      minLength: 1,
      maxLength: 3,
    });
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.array(row, { maxLength: 10 }),
        fc.array(text, { minLength: 1, maxLength: 10 }),
        fc.subarray(towns.map(foldWords)),
        (initial, removed, added, texts, typoTowns) => {
          const rows = initial.map((r) => place(r.name, r.town));
          const index = createPlaceIndex(rows);
          let held = [...rows];
          for (const at of removed) {
            const gone = held[at % Math.max(1, held.length)];
            if (!gone) continue;
            index.remove(gone.id);
            held = held.filter((r) => r !== gone);
          }
          for (const r of added) {
            // Half of them replace a place held (a rename or a move), half are new.
            const replaced = held.length > 0 && r.name.length % 2 === 0 ? held[0]! : undefined;
            const next = { ...place(r.name, r.town), ...(replaced ? { id: replaced.id } : {}) };
            index.put(next);
            held = [...held.filter((h) => h !== replaced), next];
          }
          for (const typed of texts) {
            const term = foldWords(typed.join(' '));
            expect(
              index.search(term, typoTowns, 5).map((found) => found.name),
              term,
            ).toEqual(plainSearch(held, term, typoTowns, 5));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
