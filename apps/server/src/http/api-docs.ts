import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A route's schema for /api/docs: zod schemas converted by the type provider, and the answers that are not
 * JSON (tus's headers, the export's zip), which the route table already writes as OpenAPI, kept as they are.
 */
export const documentRoute: typeof jsonSchemaTransform = (document) => {
  const response = (document.schema as { response?: Record<string, unknown> } | undefined)?.response;
  const written = Object.entries(response ?? {}).filter(([, answer]) => !(answer instanceof z.ZodType));
  if (written.length === 0) return jsonSchemaTransform(document);
  const zodAnswers = Object.entries(response ?? {}).filter(([, answer]) => answer instanceof z.ZodType);
  const transformed = jsonSchemaTransform({
    ...document,
    schema: { ...document.schema, response: Object.fromEntries(zodAnswers) },
  });
  const schema = transformed.schema as { response?: Record<string, unknown> };
  return {
    ...transformed,
    schema: { ...schema, response: { ...schema.response, ...Object.fromEntries(written) } },
  };
};
