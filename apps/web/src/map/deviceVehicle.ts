import {
  MAP_VEHICLE_HEIGHT_MAX,
  MAP_VEHICLE_LENGTH_MAX,
  VEHICLE_TYPES,
  VEHICLE_WEIGHT_MAX,
  type Vehicle,
} from '@nomadas/shared';
import type { StorageLike } from '../session/sessionStore';

// A visitor's vehicle (issue #32), kept on the device in localStorage under `my_vehicle` (docs/architecture.md,
// "The map"); an account's is on the server.

export const VEHICLE_STORAGE_KEY = 'my_vehicle';

const size = (value: unknown, max: number): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= max ? value : null;

/** Anything stored made into a vehicle, or null: an unknown type is no vehicle, a size out of range not given. */
export function cleanVehicle(value: unknown): Vehicle | null {
  const raw = (value ?? {}) as Partial<Record<keyof Vehicle, unknown>>;
  const type = VEHICLE_TYPES.find((known) => known === raw.type);
  if (!type) return null;
  return {
    type,
    length: size(raw.length, MAP_VEHICLE_LENGTH_MAX),
    height: size(raw.height, MAP_VEHICLE_HEIGHT_MAX),
    weight: size(raw.weight, VEHICLE_WEIGHT_MAX),
  };
}

export function loadDeviceVehicle(storage: StorageLike): Vehicle | null {
  try {
    return cleanVehicle(JSON.parse(storage.getItem(VEHICLE_STORAGE_KEY) ?? 'null'));
  } catch {
    return null;
  }
}
