import { describe, expect, it } from 'vitest';
import { vehicleFit, vehicleMayFit } from './vehicle.js';

const van = { length: 7.4, height: 3.3, weight: 3.5 };
const open = { maxLength: null, maxHeight: null, maxWeight: null };

describe('vehicleFit', () => {
  it('fits when every stated limit is met, an equal size included', () => {
    expect(vehicleFit(van, { maxLength: 7.4, maxHeight: 3.3, maxWeight: 3.5 })).toEqual({ fits: 'fits' });
    expect(vehicleFit(van, { ...open, maxLength: 8 })).toEqual({ fits: 'fits' });
  });

  it('names the first limit not met, the height before the length and the weight', () => {
    expect(vehicleFit(van, { maxLength: 6, maxHeight: 3.2, maxWeight: 3 })).toEqual({
      fits: 'too-big',
      limit: 'height',
      max: 3.2,
    });
    expect(vehicleFit(van, { ...open, maxLength: 7, maxWeight: 3 })).toEqual({
      fits: 'too-big',
      limit: 'length',
      max: 7,
    });
    expect(vehicleFit(van, { ...open, maxWeight: 3.49 })).toEqual({
      fits: 'too-big',
      limit: 'weight',
      max: 3.49,
    });
  });

  it('is unknown when the place states no limit the vehicle has a size for', () => {
    expect(vehicleFit(van, open)).toEqual({ fits: 'unknown' });
    expect(vehicleFit({ length: null, height: 3, weight: null }, { ...open, maxLength: 5 })).toEqual({
      fits: 'unknown',
    });
  });

  it('lets the filter keep what fits and what is unknown, never what is too big', () => {
    expect(vehicleMayFit(van, open)).toBe(true);
    expect(vehicleMayFit(van, { ...open, maxHeight: 3.3 })).toBe(true);
    expect(vehicleMayFit(van, { ...open, maxHeight: 3.29 })).toBe(false);
  });
});
