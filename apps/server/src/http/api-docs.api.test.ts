import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, type ApiCallName } from '@nomadas/shared/api';
import { listRoutes } from '../test/bad-input.http.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { apiRoutesServed, documentedPath } from '../test/api-routes.js';

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  anyOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
};
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }>; headers?: object }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

let t: TestServer;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await startTestServer();
  const answer = await t.get<OpenApiDocument>('/api/docs/json');
  expect(answer.status).toBe(200);
  doc = answer.body;
});
afterAll(() => t?.close());

/** Follows `#/components/schemas/X` references, as a reader of the document would. */
function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = doc.components?.schemas?.[name];
  if (!target) throw new Error(`unresolved ${schema.$ref}`);
  return resolve(target);
}

function answerSchema(method: string, path: string, status: string): JsonSchema {
  const operation = doc.paths[path]?.[method];
  const schema = operation?.responses?.[status]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} documents no ${status} answer`);
  return resolve(schema);
}

const fieldsOf = (schema: JsonSchema) => Object.keys(resolve(schema).properties ?? {});
const dataOf = (schema: JsonSchema) => resolve(schema.properties!.data!);

describe('/api/docs documents the answers', () => {
  it('the wall page: the envelope, then the spec’s post fields', () => {
    const answer = answerSchema('get', '/api/posts', '200');
    expect(answer.required).toEqual(expect.arrayContaining(['state', 'data']));
    const page = dataOf(answer);
    expect(fieldsOf(page)).toEqual(expect.arrayContaining(['data', 'fin', 'b', 'a', 'comments']));
    const post = resolve(page.properties!.data!.items!);
    expect(fieldsOf(post)).toEqual(
      expect.arrayContaining([
        'url',
        'username',
        'userimg',
        'media',
        'mediatext',
        'descripcion',
        'date',
        'likes',
        'islike',
        'comentarios',
        'self',
        'follow',
        'index',
      ]),
    );
    // Flags are the spec's 1/0, not booleans.
    expect(JSON.stringify(resolve(post.properties!.islike!))).toMatch(/0.*1|1.*0/);
  });

  it('a single post, a like, the recommended users', () => {
    expect(fieldsOf(dataOf(answerSchema('get', '/api/post/{url}', '200')))).toEqual(
      expect.arrayContaining(['mediatext', 'islike', 'comentarios', 'descripcion']),
    );
    expect(fieldsOf(dataOf(answerSchema('post', '/api/like/post/{posturl}', '200')))).toEqual([
      'islike',
      'likes',
    ]);
    const users = dataOf(answerSchema('get', '/api/perfil_recomendados', '200'));
    expect(users.type).toBe('array');
    expect(fieldsOf(users.items!)).toEqual(['username', 'img', 'follow']);
  });

  it('login answers the spec’s flat shape', () => {
    expect(fieldsOf(answerSchema('post', '/api/login', '200'))).toEqual(
      expect.arrayContaining(['state', 'msg', 'token', 'username', 'img', 'imgc', 'd', 'date']),
    );
  });

  it('comments keep their replies in items, by reference', () => {
    const comments = dataOf(answerSchema('get', '/api/comment/get/{post}', '200'));
    const comment = resolve(comments.items!);
    expect(fieldsOf(comment)).toEqual(
      expect.arrayContaining(['id', 'comentario', 'username', 'userimg', 'date', 'likes', 'islike', 'items']),
    );
    expect(fieldsOf(comment.properties!.items!.items!)).toContain('comentario');
  });

  it('every call of the table documents its answer and the KO envelope of its refusals', () => {
    for (const [name, call] of Object.entries(apiCalls)) {
      const [method, path] = documentedPath(name as ApiCallName);
      const where = `${name} as ${method} ${path}`;
      if ('answer' in call) expect(answerSchema(method, path, '200').properties?.state, where).toBeDefined();
      else
        expect(Object.keys(doc.paths[path]?.[method]?.responses ?? {}), where).toEqual(
          expect.arrayContaining(Object.keys(call.answers)),
        );
      expect(answerSchema(method, path, '4XX').required, where).toEqual(['state', 'msg']);
    }
  });

  it('every route the server has under /api is documented', () => {
    const served = apiRoutesServed(listRoutes(t.app));
    expect(served.length).toBe(Object.keys(apiCalls).length);
    for (const { method, url } of served) {
      const path = url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${url}`).toBeDefined();
    }
  });

  it('an upload: its form’s fields, the files as binary', () => {
    const form = doc.paths['/api/perfil']!.post!.requestBody?.content['multipart/form-data']?.schema;
    expect(form?.properties).toEqual({
      d: { type: 'string' },
      imgperfil: { type: 'string', format: 'binary' },
      imgcab: { type: 'string', format: 'binary' },
    });
  });

  it('the resumable video upload: tus’s headers in, its answers’ headers out', () => {
    const upload = doc.paths['/api/video-uploads/{id}']!;
    const created = doc.paths['/api/video-uploads']!.post!;
    const headersOf = (operation: Operation) =>
      (operation.parameters ?? []).filter((parameter) => parameter.in === 'header').map(({ name }) => name);
    expect(headersOf(created)).toEqual(
      expect.arrayContaining(['tus-resumable', 'upload-length', 'upload-metadata']),
    );
    expect(Object.keys(created.responses?.['201']?.headers ?? {})).toEqual(
      expect.arrayContaining(['Location', 'Tus-Resumable']),
    );
    expect(headersOf(upload.patch!)).toEqual(expect.arrayContaining(['tus-resumable', 'upload-offset']));
    expect(Object.keys(upload.patch!.responses?.['204']?.headers ?? {})).toContain('Upload-Offset');
    expect(Object.keys(upload.head!.responses?.['200']?.headers ?? {})).toEqual(
      expect.arrayContaining(['Upload-Offset', 'Upload-Length']),
    );
    expect(upload.delete!.responses?.['204']).toBeDefined();
  });
});
