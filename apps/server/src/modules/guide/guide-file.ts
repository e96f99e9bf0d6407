import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MAP_SERVICES } from '@nomadas/shared';

// The '10 joyas' guide is text an operator edits, not code: a JSON file (GUIDE_FILE, by default
// apps/server/content/guia-10-joyas.json) read and validated once at boot, so a mistake stops the start with
// the field at fault instead of showing a broken guide. Each gem names its area on the map by urlpoint and
// carries that area's data, which the demo seeds; a real map links the gems to its own places of those urlpoints.

const text = (max: number) => z.string().trim().min(1).max(max);

const guidePlaceFileSchema = z.strictObject({
  urlpoint: z.string().regex(/^[a-z0-9-]{3,120}$/),
  name: text(120),
  description: z.string().max(1000),
  lat: z.number().min(27).max(44),
  lng: z.number().min(-19).max(5),
  municipality: text(120),
  province: text(120),
  services: z.array(z.enum(MAP_SERVICES)),
  season: z.string().max(120),
  price: z.number().min(0).nullable(),
  places: z.number().int().min(1).nullable(),
  maxStay: z.number().int().min(1).nullable(),
  maxLength: z.number().min(1).nullable(),
  maxHeight: z.number().min(1).nullable(),
  surface: z.string().max(40),
});

const guideFileSchema = z.strictObject({
  title: text(200),
  intro: text(1000),
  gems: z
    .array(
      z.strictObject({
        slug: z.string().regex(/^[a-z0-9-]{2,60}$/),
        title: text(120),
        region: text(120),
        why: text(1000),
        when: text(500),
        offers: z.array(text(200)).min(1).max(8),
        place: guidePlaceFileSchema,
      }),
    )
    .min(1)
    .max(30)
    .refine((gems) => new Set(gems.map((gem) => gem.slug)).size === gems.length, 'two gems share a slug'),
});

/** The guide shipped with the server (GUIDE_FILE's default; the demo seeds its areas). */
export const DEFAULT_GUIDE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../content/guia-10-joyas.json',
);

export type GuideFile = z.infer<typeof guideFileSchema>;
export type GuidePlaceFile = GuideFile['gems'][number]['place'];

/** Reads and checks the guide; rejects with the file's path and every field at fault. */
export async function readGuideFile(file: string): Promise<GuideFile> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`The guide (GUIDE_FILE=${file}) could not be read as JSON: ${(error as Error).message}`);
  }
  const parsed = guideFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`The guide (GUIDE_FILE=${file}) is not valid:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
