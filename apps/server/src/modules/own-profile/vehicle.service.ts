import type { Vehicle } from '@nomadas/shared';
import type { vehicleBody } from '@nomadas/shared/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../http/auth.js';
import * as q from './vehicle.queries.js';

// The nomad's own vehicle (issue #32): only its owner reads or changes it, so every call is the viewer's own.

/** GET /api/perfil/vehiculo: null when none is set. */
export async function getVehicle(ctx: AppContext, viewer: Viewer): Promise<Vehicle | null> {
  return (await q.findVehicle(ctx.db, viewer.id)) ?? null;
}

/** POST /api/perfil/vehiculo. */
export function setVehicle(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof vehicleBody>,
): Promise<Vehicle> {
  return q.upsertVehicle(ctx.db, viewer.id, body);
}

/** DELETE /api/perfil/vehiculo: answers the same whether there was one or not. */
export async function removeVehicle(ctx: AppContext, viewer: Viewer): Promise<void> {
  await q.deleteVehicle(ctx.db, viewer.id);
}
