import type { Vehicle } from '@nomadas/shared';
import { useMyVehicleQuery, useSaveMyVehicleMutation } from '../api/queries/myVehicle';
import { browserStorage } from '../app/storage';
import { createStore, useStore } from '../app/store';
import { useSessionUser } from '../session/session';
import { loadDeviceVehicle, VEHICLE_STORAGE_KEY } from './deviceVehicle';

// The nomad's own vehicle (issue #32): an account keeps it on the server (GET /api/perfil/vehiculo); a
// visitor on the device (deviceVehicle.ts).

const deviceVehicle = createStore<Vehicle | null>(loadDeviceVehicle(browserStorage));

function saveDeviceVehicle(vehicle: Vehicle | null): void {
  if (vehicle) browserStorage.setItem(VEHICLE_STORAGE_KEY, JSON.stringify(vehicle));
  else browserStorage.removeItem(VEHICLE_STORAGE_KEY);
  deviceVehicle.set(vehicle);
}

/** The settings section 'Mi vehículo' (/perfil#vehiculo): its element's id, which links name. */
export const VEHICLE_SECTION_ID = 'vehiculo';

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
