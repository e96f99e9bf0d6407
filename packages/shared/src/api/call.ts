import type { z } from 'zod';

/**
 * One call of the API, declared once: the server registers its route from it, /api/docs documents it and the
 * web's `call` is typed by it. Its name is its method and path ('POST /like/post/:posturl', Fastify's syntax,
 * without /api), so the browser needs nothing but that string at run time.
 */
export type CallName = `${'GET' | 'POST' | 'HEAD' | 'PATCH' | 'DELETE'} /${string}`;

interface CallRequest {
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart body, read by the route itself: each field's name and whether it is a file or text. */
  form?: Record<string, 'file' | 'text'>;
  /**
   * The headers the call reads (tus's, a write's Idempotency-Key), documented; every one optional, so their
   * absence never refuses a request.
   */
  headers?: z.ZodType;
}

/** A call that answers JSON: `answer` with 200, the KO envelope with every refusal. */
export interface JsonCall extends CallRequest {
  answer: z.ZodType;
}

/** An answer that is not JSON (tus's headers, a zip), written as OpenAPI's response object. */
export interface DescribedAnswer {
  description: string;
  headers?: Record<string, { description: string; schema: { type: 'string' | 'integer' } }>;
  content?: Record<string, { schema: { type: 'string'; format: 'binary' } }>;
}

/** A call that answers otherwise, by status; its refusals are the KO envelope too. */
export interface DescribedCall extends CallRequest {
  answers: Record<number, DescribedAnswer>;
}

export type Call = JsonCall | DescribedCall;
export type CallTable = Record<CallName, Call>;
