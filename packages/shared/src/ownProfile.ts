import { z } from 'zod';
import { PASSWORD_MAX, PROFILE_DESCRIPTION_MAX } from './constants.js';
import { MAP_VEHICLE_HEIGHT_MAX, MAP_VEHICLE_LENGTH_MAX } from './mapConstants.js';
import { VEHICLE_TYPES, VEHICLE_WEIGHT_MAX } from './vehicle.js';
import { emailSchema, newPasswordSchema } from './accounts.js';
import { MSG } from './messages.js';
import { textLength } from './text.js';

// The own account (spec §2 /perfil, settings tab). The calls, all with the API-TOKEN header:
//   GET  /api/perfil                  own profile: username, email, imgperfil, imgcab, d, email_pendiente
//   POST /api/perfil                  multipart: `d` (text), `imgperfil` and `imgcab` (image files), each
//                                     optional; answers the session's {i, ic, d}
//   POST /api/perfil/password         {password_actual, password, password_confirmation}; ends the other sessions
//   POST /api/perfil/email            {email, password}; mails a confirmation link to the new address
//   POST /api/perfil/email/{code}     (no token needed: the mailed link is the proof) makes the change
//   POST /api/perfil/export           {password}; answers a download link that works once, for 10 minutes
//   GET  /api/perfil/export/{code}    (no token: a browser download cannot send one) the zip of my data
//   POST /api/perfil/delete           {password}; deletes the account and everything it made
//   GET  /api/perfil/vehiculo         my vehicle (issue #32), or null
//   POST /api/perfil/vehiculo         {type, length, height, weight}: sets it; DELETE removes it
// Password, e-mail, export and deletion each ask for the password again: a session left open on a shared
// computer must not be enough to take the account over, carry its data away or end it.

/** A password typed to confirm who you are; anything longer than a password can be is simply wrong. */
const passwordConfirmation = () =>
  z
    .string()
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => value !== '', { error: MSG.passwordConfirmRequired, abort: true })
    .refine((value) => value.length <= PASSWORD_MAX, { error: MSG.passwordWrong });

/** The profile description: trimmed, NUL dropped, at most PROFILE_DESCRIPTION_MAX characters; may be empty. */
export const profileDescriptionSchema = z
  .string({ error: MSG.invalidInput })
  .transform((value) => value.replaceAll('\u0000', '').trim())
  .refine((value) => textLength(value) <= PROFILE_DESCRIPTION_MAX, { error: MSG.descriptionTooLong });

/** Text fields of the multipart POST /api/perfil; a field left out keeps its value. */
export const profileFields = z.object({ d: profileDescriptionSchema.optional() });

/** POST /api/perfil/password: the registration rules for the new one (the server also refuses common ones). */
export const changePasswordBody = z
  .object({
    password_actual: z
      .string()
      .optional()
      .transform((value) => value ?? ''),
    password: z
      .string()
      .optional()
      .transform((value) => value ?? ''),
    password_confirmation: z
      .string()
      .optional()
      .transform((value) => value ?? ''),
  })
  .refine((b) => b.password_actual !== '' && b.password !== '' && b.password_confirmation !== '', {
    error: MSG.registerFieldsRequired,
    abort: true,
  })
  .refine((b) => b.password === b.password_confirmation, {
    error: MSG.passwordsDiffer,
    path: ['password_confirmation'],
    abort: true,
  })
  .pipe(
    z.object({
      password_actual: z.string().max(PASSWORD_MAX, { error: MSG.currentPasswordWrong }),
      password: newPasswordSchema,
      password_confirmation: z.string(),
    }),
  );
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** POST /api/perfil/email: the new address and the account's password. */
export const changeEmailBody = z.object({
  email: z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .refine((value) => value !== '', { error: MSG.emailRequired, abort: true })
    .pipe(emailSchema),
  password: passwordConfirmation(),
});
export type ChangeEmailBody = z.input<typeof changeEmailBody>;

/** POST /api/perfil/export and POST /api/perfil/delete. */
export const confirmPasswordBody = z.object({ password: passwordConfirmation() });

const size = (max: number, error: string) =>
  z
    .number({ error })
    .positive({ error })
    .max(max, { error })
    .transform((value) => Math.round(value * 100) / 100)
    .nullable()
    .default(null);

/** POST /api/perfil/vehiculo (and the device's copy of a visitor's): its type and sizes, each optional. */
export const vehicleBody = z.object({
  type: z.enum(VEHICLE_TYPES, { error: MSG.vehicleTypeRequired }),
  length: size(MAP_VEHICLE_LENGTH_MAX, MSG.vehicleLengthInvalid),
  height: size(MAP_VEHICLE_HEIGHT_MAX, MSG.vehicleHeightInvalid),
  weight: size(VEHICLE_WEIGHT_MAX, MSG.vehicleWeightInvalid),
});
export type VehicleBody = z.input<typeof vehicleBody>;
