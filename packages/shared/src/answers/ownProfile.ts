import { z } from 'zod';
import { VEHICLE_TYPES } from '../vehicle.js';

/** GET /api/perfil: the caller's own profile, with what only they may see (the calls: ../ownProfile.ts). */
export const ownProfileSchema = z
  .strictObject({
    username: z.string(),
    email: z.string(),
    imgperfil: z.string().describe("Profile image URL; '' when there is none."),
    imgcab: z.string().describe("Cover image URL; '' when there is none."),
    d: z.string().describe('Description.'),
    email_pendiente: z
      .string()
      .nullable()
      .describe('A new address waiting for the click on the link mailed to it; null when none is.'),
  })
  .meta({ id: 'OwnProfile' });
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** `data` of POST /api/perfil: the session's user fields (spec §3 i, ic, d), for the header and storage. */
export const profileUpdateSchema = z
  .strictObject({
    i: z.string().describe('Profile image URL.'),
    ic: z.string().describe('Cover image URL.'),
    d: z.string().describe('Description.'),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** `data` of POST /api/perfil/export: where the zip waits. */
export const exportLinkSchema = z
  .strictObject({
    url: z.string().describe('GET it without API-TOKEN (a browser download): it works once.'),
    caduca: z.number().int().describe('When the link stops working, epoch seconds.'),
  })
  .meta({ id: 'ExportLink' });
export type ExportLink = z.infer<typeof exportLinkSchema>;

/** `data` of GET and POST /api/perfil/vehiculo: my vehicle (GET answers null when none is set). */
export const vehicleSchema = z
  .strictObject({
    type: z.enum(VEHICLE_TYPES),
    length: z.number().nullable().describe('Metres; null: not given.'),
    height: z.number().nullable().describe('Metres; null: not given.'),
    weight: z.number().nullable().describe('Tonnes; null: not given.'),
  })
  .meta({ id: 'Vehicle' });
