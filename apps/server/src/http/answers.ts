import { gunzipSync } from 'node:zlib';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { koEnvelope } from '@nomadas/shared/answers';

/**
 * The `response` of a route's schema: what it answers with 200, and the KO envelope for every refusal.
 * /api/docs documents both; under test every answer is checked against them.
 */
export const answering = <T extends z.ZodType>(okAnswer: T) => ({
  200: okAnswer,
  '4xx': koEnvelope,
  '5xx': koEnvelope,
});

/**
 * The OpenAPI document with the answers' named schemas (WallPost, PostsPage...) as components. Only answers
 * carry names, so the `...Input` twins that the provider also writes for each would be unused noise.
 */
export const answerComponents: typeof jsonSchemaTransformObject = (document) => {
  const openapi = jsonSchemaTransformObject(document);
  const schemas = 'components' in openapi ? openapi.components?.schemas : undefined;
  if (schemas) {
    for (const name of Object.keys(schemas)) {
      if (name.endsWith('Input') && schemas[name.slice(0, -'Input'.length)]) delete schemas[name];
    }
  }
  return openapi;
};

const JSON_TEXT = Symbol('answer already written as JSON');

interface WrittenAnswer {
  /** The JSON, as text or UTF-8 bytes, or gzipped when `gzip` (the route then says so in its headers). */
  json: string | Buffer;
  gzip: boolean;
}

/**
 * An answer the service already wrote as JSON (a wall page laid over shared pieces), sent as it is.
 * Typed as the route's answer `T` so the route's schema still types the handler; the serializer below is
 * the only reader, and under test it checks the text against the schema like any other answer.
 */
export function answerText<T>(json: string | Buffer, { gzip = false } = {}): T {
  const written: WrittenAnswer = { json, gzip };
  return { [JSON_TEXT]: written } as T;
}

/**
 * Serializes answers. Under test (`checked`) each answer must match its route's schema, so the API suites
 * catch any drift between the code and the contract; elsewhere it is plain JSON.stringify, because
 * parsing every wall page with zod would cost the hot routes CPU for nothing. The answer sent is the
 * same either way: the schema checks it, it never reshapes it.
 */
export function answerSerializer(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  const written = (data: unknown) => (data as { [JSON_TEXT]?: WrittenAnswer })[JSON_TEXT];
  // Fastify sends a Buffer as it sends a string, though a serializer's type says string.
  const sent = (answer: WrittenAnswer) => answer.json as string;
  if (!checked)
    return () => (data) => {
      const answer = written(data);
      return answer ? sent(answer) : JSON.stringify(data);
    };
  return ({ schema, method, url, httpStatus }) =>
    (data) => {
      const answer = written(data);
      if (answer) data = JSON.parse((answer.gzip ? gunzipSync(answer.json) : answer.json).toString());
      const result = schema.safeParse(data);
      if (!result.success) {
        throw new Error(
          `${method} ${url} answered ${httpStatus ?? ''} outside its schema:\n${z.prettifyError(result.error)}`,
        );
      }
      return answer ? sent(answer) : JSON.stringify(data);
    };
}
