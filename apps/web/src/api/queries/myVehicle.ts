import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Vehicle } from '@nomadas/shared';
import { call, isOk } from '../client';
import { ApiFailure, dataOf } from './apiData';

export const myVehicleKey = ['mi_vehiculo'] as const;

/** GET /api/perfil/vehiculo: my vehicle, null when none is set. Only with a session. */
export function useMyVehicleQuery(enabled: boolean) {
  return useQuery({
    queryKey: myVehicleKey,
    queryFn: ({ signal }) => dataOf<Vehicle | null>(call('GET /perfil/vehiculo', undefined, { signal })),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/perfil/vehiculo with a vehicle, DELETE with null; resolves to the server's message. */
export function useSaveMyVehicleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vehicle: Vehicle | null) => {
      const answer = vehicle
        ? await call('POST /perfil/vehiculo', { body: vehicle })
        : await call('DELETE /perfil/vehiculo');
      if (!isOk(answer)) throw new ApiFailure(answer === false ? undefined : answer.msg);
      return { vehicle, msg: answer.msg };
    },
    onSuccess: ({ vehicle }) => queryClient.setQueryData(myVehicleKey, vehicle),
  });
}
