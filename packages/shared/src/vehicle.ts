/**
 * The nomad's own vehicle (issue #32) and whether it fits a place: plain rules, free of zod, shared by the
 * map's filter (the server's points query keeps the same rule in SQL), the sheet and the list.
 */

export const VEHICLE_TYPES = [
  'autocaravana',
  'camper',
  'caravana',
  'furgoneta',
  'capuchina',
  'otro',
] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** The heaviest vehicle (and weight limit of a place) in tonnes; lengths and heights: MAP_VEHICLE_*_MAX. */
export const VEHICLE_WEIGHT_MAX = 60;

/** A vehicle: its type and the sizes its owner gave (null: not given). */
export interface Vehicle {
  type: VehicleType;
  length: number | null;
  height: number | null;
  weight: number | null;
}

/** What a place allows (null: not stated), as its sheet gives it. */
export interface PlaceLimits {
  maxLength: number | null;
  maxHeight: number | null;
  maxWeight: number | null;
}

export type VehicleLimit = 'height' | 'length' | 'weight';

/**
 * - `fits`: every limit the place states and the vehicle has a size for is met (equal is enough);
 * - `too-big`: the first limit it does not meet (height first: a roof is the costliest mistake);
 * - `unknown`: the place states none of the limits the vehicle has a size for.
 */
export type VehicleFit =
  { fits: 'fits' } | { fits: 'too-big'; limit: VehicleLimit; max: number } | { fits: 'unknown' };

const CHECKS: ReadonlyArray<[VehicleLimit, keyof PlaceLimits]> = [
  ['height', 'maxHeight'],
  ['length', 'maxLength'],
  ['weight', 'maxWeight'],
];

/** Whether `vehicle` fits `place`: the one rule of the vehicle filter, the sheet and the list. */
export function vehicleFit(vehicle: Omit<Vehicle, 'type'>, place: PlaceLimits): VehicleFit {
  let compared = false;
  for (const [size, limit] of CHECKS) {
    const mine = vehicle[size];
    const max = place[limit];
    if (mine === null || max === null) continue;
    compared = true;
    if (mine > max) return { fits: 'too-big', limit: size, max };
  }
  return compared ? { fits: 'fits' } : { fits: 'unknown' };
}

/** True unless the place states a limit the vehicle exceeds: what the map's vehicle filter keeps. */
export const vehicleMayFit = (vehicle: Omit<Vehicle, 'type'>, place: PlaceLimits) =>
  vehicleFit(vehicle, place).fits !== 'too-big';
