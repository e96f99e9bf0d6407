import {
  MAP_VEHICLE_HEIGHT_MAX,
  MAP_VEHICLE_LENGTH_MAX,
  VEHICLE_TYPES,
  VEHICLE_WEIGHT_MAX,
  type Vehicle,
} from '@nomadas/shared';
import { useMyVehicleQuery, useSaveMyVehicleMutation } from '../api/queries/myVehicle';
import { browserStorage } from '../app/storage';
import { createStore, useStore } from '../app/store';
import { useSessionUser } from '../session/session';
import type { StorageLike } from '../session/sessionStore';

// The nomad's own vehicle (issue #32): an account keeps it on the server (GET /api/perfil/vehiculo); a
// visitor on the device, in localStorage under `my_vehicle` (docs/architecture.md, "The map").

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

const deviceVehicle = createStore<Vehicle | null>(loadDeviceVehicle(browserStorage));

function saveDeviceVehicle(vehicle: Vehicle | null): void {
  if (vehicle) browserStorage.setItem(VEHICLE_STORAGE_KEY, JSON.stringify(vehicle));
  else browserStorage.removeItem(VEHICLE_STORAGE_KEY);
  deviceVehicle.set(vehicle);
}

export interface MyVehicle {
  /** Null when none is set; undefined while an account's is loading. */
  vehicle: Vehicle | null | undefined;
  /** Where it is kept. */
  where: 'account' | 'device';
  saving: boolean;
  /** Keeps it (null removes it); answers the message to show, or throws the server's refusal. */
  save(vehicle: Vehicle | null): Promise<string | undefined>;
}

/** My vehicle: the account's when logged in, else this device's. */
export function useMyVehicle(): MyVehicle {
  const user = useSessionUser();
  const onDevice = useStore(deviceVehicle);
  const query = useMyVehicleQuery(user !== null);
  const mutation = useSaveMyVehicleMutation();
  if (user === null) {
    return {
      vehicle: onDevice,
      where: 'device',
      saving: false,
      save: (vehicle) => {
        saveDeviceVehicle(vehicle);
        return Promise.resolve(undefined);
      },
    };
  }
  return {
    vehicle: query.data,
    where: 'account',
    saving: mutation.isPending,
    save: async (vehicle) => (await mutation.mutateAsync(vehicle)).msg,
  };
}
