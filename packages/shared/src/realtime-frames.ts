import { z } from 'zod';
import { CHAT_CLIENT_ID_PATTERN, CHAT_REFUSALS } from './realtime.js';
import type { ClientFrame, ServerFrame } from './realtime.js';

// The socket's frames as zod schemas (the types are in realtime.ts): the server checks every frame it
// hears with clientFrameSchema; the tests check every frame the server sends with serverFrameSchema.

const username = z.string().min(1).max(100);
/** Texts are checked by the chat (isChatText), so that a refusal names the message (the frame's size bounds them). */
const text = z.string();
const coordinate = z.number().finite();

export const chatSendFrameSchema = z.strictObject({
  t: z.literal('c'),
  ta: z.literal('send'),
  to: username,
  txt: text,
  cid: z.string().regex(CHAT_CLIENT_ID_PATTERN).optional(),
});
export const chatSeeFrameSchema = z.strictObject({ t: z.literal('c'), ta: z.literal('see'), to: username });
export const chatBlockFrameSchema = z.strictObject({
  t: z.literal('c'),
  ta: z.literal('block'),
  to: username,
});
export const mapPositionFrameSchema = z.strictObject({
  t: z.literal('m'),
  ta: z.literal('pos'),
  lng: coordinate,
  lat: coordinate,
  type: z.number().int().min(0).max(2),
  until: z.number().int().positive().optional(),
});
const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);
export const mapViewFrameSchema = z.strictObject({
  t: z.literal('m'),
  ta: z.literal('view'),
  b: z
    .tuple([longitude, latitude, longitude, latitude])
    .refine(([, south, , north]) => south <= north)
    .nullable(),
});
export const friendUpdateFrameSchema = z.strictObject({
  t: z.literal('au'),
  data: z.object({ username, img: z.string().max(2000) }),
  token: z.string().min(1).max(1000),
});

/** Every frame the browser may send; anything else is dropped (and logged). */
export const clientFrameSchema = z.union([
  chatSendFrameSchema,
  chatSeeFrameSchema,
  chatBlockFrameSchema,
  mapPositionFrameSchema,
  mapViewFrameSchema,
  friendUpdateFrameSchema,
]) satisfies z.ZodType<ClientFrame>;

const messageFields = {
  id: z.string().regex(/^\d+$/),
  msg: z.string(),
  date: z.iso.datetime({ offset: true }),
  time: z.number().int(),
  robot: z.union([z.literal(0), z.literal(1)]),
};

/** Every frame the server sends. */
export const serverFrameSchema = z.union([
  z.strictObject({
    t: z.literal('c'),
    ta: z.literal('new'),
    from: z.string(),
    img: z.string(),
    ...messageFields,
  }),
  z.strictObject({
    t: z.literal('c'),
    ta: z.literal('ack'),
    to: z.string(),
    cid: z.string().optional(),
    ...messageFields,
  }),
  z.strictObject({
    t: z.literal('c'),
    ta: z.literal('ko'),
    to: z.string(),
    cid: z.string().optional(),
    why: z.enum(CHAT_REFUSALS),
    msg: z.string().min(1),
  }),
  z.strictObject({ t: z.literal('c'), ta: z.literal('gblock'), users: z.array(z.string()) }),
  z.strictObject({ t: z.literal('c'), ta: z.literal('read'), by: z.string() }),
  z.strictObject({ t: z.literal('fr'), ta: z.enum(['a', 'd']), u: z.string(), i: z.string() }),
  z.strictObject({
    t: z.literal('m'),
    ta: z.literal('pos'),
    u: z.string(),
    i: z.string(),
    lng: coordinate,
    lat: coordinate,
    type: z.number().int(),
  }),
  z.strictObject({ t: z.literal('n'), n: z.number().int().min(0) }),
]) satisfies z.ZodType<ServerFrame>;
