import { describe, expect, it } from 'vitest';
import {
  CLOSED,
  comboboxKey,
  placeGroups,
  suggestionGroups,
  TOWN_ZOOM,
  type ComboboxState,
} from './comboboxModel';

const open = (active: number): ComboboxState => ({ open: true, active });

describe('combobox keyboard', () => {
  it('moves down and up through the options, wrapping at both ends', () => {
    let state = open(-1);
    const downs: number[] = [];
    for (let i = 0; i < 4; i++) {
      state = comboboxKey(state, 'ArrowDown', 3, true).state;
      downs.push(state.active);
    }
    expect(downs).toEqual([0, 1, 2, 0]);
    const ups: number[] = [];
    for (let i = 0; i < 3; i++) {
      state = comboboxKey(state, 'ArrowUp', 3, true).state;
      ups.push(state.active);
    }
    expect(ups).toEqual([2, 1, 0]);
    expect(comboboxKey(open(-1), 'ArrowUp', 3, true).state.active).toBe(2);
  });

  it('opens a dismissed list with the arrows: down on the first option, up on the last', () => {
    expect(comboboxKey(CLOSED, 'ArrowDown', 4, true)).toEqual({ state: open(0), handled: true });
    expect(comboboxKey(CLOSED, 'ArrowUp', 4, true)).toEqual({ state: open(3), handled: true });
  });

  it('leaves the arrows to the browser when there is nothing to choose', () => {
    expect(comboboxKey(open(-1), 'ArrowDown', 0, true).handled).toBe(false);
    expect(comboboxKey(CLOSED, 'ArrowUp', 0, false).handled).toBe(false);
  });

  it('chooses the highlighted option with Enter, and otherwise lets the form submit', () => {
    expect(comboboxKey(open(1), 'Enter', 3, true)).toEqual({ state: CLOSED, handled: true, choose: 1 });
    expect(comboboxKey(open(-1), 'Enter', 3, true).handled).toBe(false);
    expect(comboboxKey({ open: false, active: 1 }, 'Enter', 3, true).handled).toBe(false);
  });

  it('closes with the first Escape and empties the box with the second', () => {
    const first = comboboxKey(open(2), 'Escape', 3, true);
    expect(first).toEqual({ state: CLOSED, handled: true });
    const second = comboboxKey(first.state, 'Escape', 3, true);
    expect(second).toEqual({ state: CLOSED, handled: true, clear: true });
    // An empty, closed box leaves Escape to whoever else listens (a dialog around it).
    expect(comboboxKey(CLOSED, 'Escape', 0, false).handled).toBe(false);
  });

  it('ignores the other keys', () => {
    for (const key of ['a', 'Tab', 'Home', 'ArrowLeft']) {
      expect(comboboxKey(open(1), key, 3, true)).toEqual({ state: open(1), handled: false });
    }
  });
});

describe('suggestion groups', () => {
  it('orders Hashtags, Usuarios, Canales with their links, leaving empty groups out', () => {
    const groups = suggestionGroups({
      p: [{ hashtag: 'ávila' }],
      u: [{ username: 'marta_viaja', img_perfil: '/media/a.webp' }],
      c: [],
      l: [],
      t: [],
    });
    expect(groups).toEqual([
      { kind: 'p', items: [{ kind: 'p', label: 'ávila', href: '/tags/%C3%A1vila', img: '', detail: '' }] },
      {
        kind: 'u',
        items: [
          { kind: 'u', label: 'marta_viaja', href: '/perfil/marta_viaja', img: '/media/a.webp', detail: '' },
        ],
      },
    ]);
    expect(
      suggestionGroups({
        p: [],
        u: [],
        c: [{ nombre: 'Ruta Norte', url: 'ruta-norte', img_perfil: '' }],
        l: [],
        t: [],
      }),
    ).toEqual([
      {
        kind: 'c',
        items: [{ kind: 'c', label: 'Ruta Norte', href: '/canales/ruta-norte', img: '', detail: '' }],
      },
    ]);
    expect(suggestionGroups(null)).toEqual([]);
  });
});

describe('places and towns (#32)', () => {
  it('puts Lugares and Poblaciones after the other groups: a place opens its sheet, a town the map on it', () => {
    const groups = suggestionGroups({
      p: [{ hashtag: 'astorga' }],
      u: [],
      c: [],
      l: [
        {
          urlpoint: 'area-de-astorga',
          nombre: 'Área de autocaravanas de Astorga',
          kind: 'default',
          municipio: 'Astorga',
          provincia: 'León',
          lat: 42.4588,
          lng: -6.056,
        },
      ],
      t: [{ nombre: 'Astorga', provincia: 'León', lat: 42.458789, lng: -6.05601 }],
    });
    expect(groups.map((group) => group.kind)).toEqual(['p', 'l', 't']);
    expect(groups[1]!.items[0]).toMatchObject({
      label: 'Área de autocaravanas de Astorga',
      href: '/mapa/location/area-de-astorga',
      detail: 'Astorga, León',
    });
    expect(groups[2]!.items[0]).toMatchObject({
      label: 'Astorga',
      href: `/mapa?lat=42.45879&lng=-6.05601&z=${TOWN_ZOOM}`,
      detail: 'León',
      at: { lat: 42.458789, lng: -6.05601 },
    });
  });

  it('says a place is in its province once when the town is unknown or the same', () => {
    const place = { urlpoint: 'x', nombre: 'Madrid', kind: 'glp' as const, lat: 40, lng: -3 };
    const [group] = placeGroups({ l: [{ ...place, municipio: '', provincia: 'Madrid' }], t: [] });
    expect(group!.items[0]!.detail).toBe('Madrid');
    const [same] = placeGroups({ l: [{ ...place, municipio: 'Madrid', provincia: 'Madrid' }], t: [] });
    expect(same!.items[0]!.detail).toBe('Madrid');
  });
});
