import { describe, expect, it } from 'vitest';
import { splitPlaceName } from './placeName';

describe('splitPlaceName', () => {
  it('takes the town after the first "de"/"en" followed by a capital', () => {
    expect(splitPlaceName('Parking de autocaravanas de Almazán')).toEqual({
      title: 'Parking de autocaravanas',
      town: 'Almazán',
    });
    expect(splitPlaceName('Gasolinera con GLP de Villarejo de Salvanés')).toEqual({
      title: 'Gasolinera con GLP',
      town: 'Villarejo de Salvanés',
    });
    expect(splitPlaceName('Área en Ólvega')).toEqual({ title: 'Área', town: 'Ólvega' });
  });

  it('leaves a name without a town whole', () => {
    expect(splitPlaceName('Mirador del faro')).toEqual({ title: 'Mirador del faro', town: null });
    expect(splitPlaceName('Astorga')).toEqual({ title: 'Astorga', town: null });
  });
});
