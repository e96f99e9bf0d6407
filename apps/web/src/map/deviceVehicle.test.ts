import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../test/memoryStorage';
import { cleanVehicle, loadDeviceVehicle, VEHICLE_STORAGE_KEY } from './deviceVehicle';

describe("a visitor's vehicle on the device", () => {
  it('reads what was stored, a size out of range as not given, an unknown type as no vehicle', () => {
    const storage = new MemoryStorage();
    expect(loadDeviceVehicle(storage)).toBeNull();
    storage.setItem(
      VEHICLE_STORAGE_KEY,
      JSON.stringify({ type: 'camper', length: 6.4, height: 9, weight: '3' }),
    );
    expect(loadDeviceVehicle(storage)).toEqual({ type: 'camper', length: 6.4, height: null, weight: null });
    storage.setItem(VEHICLE_STORAGE_KEY, '{not json');
    expect(loadDeviceVehicle(storage)).toBeNull();
    expect(cleanVehicle({ type: 'tanque', length: 7 })).toBeNull();
  });
});
