import { z } from 'zod';
import { MAP_SERVICES } from '../mapConstants.js';

/** A gem's area on the map as it is now; null when no public place has the guide's urlpoint. */
const guidePlaceSchema = z.strictObject({
  urlpoint: z.string(),
  name: z.string(),
  municipality: z.string(),
  province: z.string(),
  services: z.array(z.enum(MAP_SERVICES)),
  /** Average stars with one decimal, null without reviews. */
  rating: z.number().nullable(),
  reviews: z.number().int(),
});

const guideGemSchema = z.strictObject({
  slug: z.string(),
  title: z.string(),
  region: z.string(),
  /** Why it is a gem. */
  why: z.string(),
  /** When to go. */
  when: z.string(),
  /** What the area beside it offers, in the guide's words. */
  offers: z.array(z.string()),
  lat: z.number(),
  lng: z.number(),
  place: guidePlaceSchema.nullable(),
});

/** GET /api/guia: the '10 joyas' guide every account has (its text is the operator's GUIDE_FILE). */
export const guideSchema = z
  .strictObject({
    title: z.string(),
    intro: z.string(),
    gems: z.array(guideGemSchema),
  })
  .meta({ id: 'Guide' });
export type Guide = z.infer<typeof guideSchema>;
export type GuideGem = Guide['gems'][number];

/** POST /api/premium/interest and GET /api/premium/interest: whether the caller asked to hear of Premium. */
export const premiumInterestSchema = z
  .strictObject({ interested: z.boolean(), since: z.string().nullable() })
  .meta({ id: 'PremiumInterest' });
export type PremiumInterest = z.infer<typeof premiumInterestSchema>;

/** GET /api/moderacion/premium: the interest list an operator reads, newest first. */
export const premiumInterestListSchema = z
  .strictObject({
    total: z.number().int(),
    users: z.array(z.strictObject({ username: z.string(), img: z.string(), since: z.string() })),
  })
  .meta({ id: 'PremiumInterestList' });
export type PremiumInterestList = z.infer<typeof premiumInterestListSchema>;
