import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import { koEnvelope } from '@nomadas/shared/answers';
import {
  apiCalls,
  type ApiCallName,
  type ApiCalls,
  type Call,
  type CallBody,
  type CallHeaders,
  type CallParams,
  type CallQuery,
} from '@nomadas/shared/api';
import { answering } from './answers.js';
import { jsonBody } from './json-body.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's call in the table ('POST /like/post/:posturl'), set by serveCall (a write's key is for one). */
    call?: string;
  }
}

/** A request of call K: its params, query, body and headers as the table's schemas read them. */
export type CallRequest<K extends ApiCallName> = FastifyRequest<{
  Params: CallParams<K>;
  Querystring: CallQuery<K>;
  Body: CallBody<K>;
  Headers: CallHeaders<K>;
}>;

/**
 * What the handler gives back: the answer of a JSON call (before its schema's output, as the serializer
 * checks it), or the reply when it sent the answer itself (prepared JSON, a zip, tus's hijacked answers).
 */
type HandlerAnswer<K extends ApiCallName> =
  (ApiCalls[K] extends { answer: infer A extends z.ZodType } ? z.input<A> : never) | FastifyReply;

/** Everything of a route but its method, url and schema, which the table gives: hooks, config, compress… */
type CallOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * A form's fields as /api/docs shows them. The route reads the multipart body itself (each file as it streams),
 * so this schema lets anything through.
 */
const formFields = (form: Record<string, 'file' | 'text'>) =>
  z.any().meta({
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(form).map(([name, kind]) => [
        name,
        kind === 'file' ? { type: 'string', format: 'binary' } : { type: 'string' },
      ]),
    ),
  });

/** Fastify's schema of a call: what /api/docs documents and what validates the request. */
function schemaOf(call: Call) {
  const response =
    'answer' in call ? answering(call.answer) : { ...call.answers, '4xx': koEnvelope, '5xx': koEnvelope };
  return {
    ...(call.params && { params: call.params }),
    ...(call.query && { querystring: call.query }),
    ...(call.body && { body: jsonBody(call.body) }),
    ...(call.headers && { headers: call.headers }),
    ...(call.form && { body: formFields(call.form), consumes: ['multipart/form-data'] }),
    response,
  };
}

/** The method and the url under /api of a call's name ('POST /like/post/:posturl'). */
function routeOf(name: ApiCallName): { method: HTTPMethods; url: string } {
  const [method, url] = name.split(' ') as [HTTPMethods, string];
  return { method, url };
}

/**
 * Registers call K of the table (packages/shared/src/api) on an app mounted under /api: its method, url and
 * schema from the table, the rest from `options`. The handler's request and answer are typed by the table.
 */
export function serveCall<K extends ApiCallName>(
  app: FastifyInstance,
  name: K,
  options: CallOptions,
  handler: (request: CallRequest<K>, reply: FastifyReply) => Promise<HandlerAnswer<K>>,
): void {
  const route = routeOf(name);
  app.route({
    ...options,
    ...route,
    // @fastify/swagger leaves HEAD routes out, taking them for GET's twins; tus's HEAD is a call of its own.
    config: {
      ...options.config,
      call: name,
      ...(route.method === 'HEAD' && { swagger: { exposeHeadRoute: true } }),
    },
    schema: schemaOf(apiCalls[name]),
    handler: handler as RouteHandlerMethod,
  });
}
