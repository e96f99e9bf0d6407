import { z } from 'zod';

/** A missing body validates as `{}`, so "required field" messages apply instead of a type error. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value && typeof value === 'object' ? value : {}), schema);
}
