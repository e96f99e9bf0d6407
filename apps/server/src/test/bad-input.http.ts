import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';

/** Raw HTTP for the bad-input suite: what is sent is exactly what was generated, byte for byte. */

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | undefined;
}

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route, read from Fastify's own route tree, so that a route added later is fuzzed too.
 * printRoutes() draws a tree whose nodes are path pieces: a route is its ancestors' pieces joined.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const pieces: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?\s*$/u.exec(line);
    if (!match) continue;
    pieces.length = (match[1] ?? '').length / 4;
    pieces.push(match[2] ?? '');
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: pieces.join('') });
  }
  return routes;
}

/** One request over a keep-alive connection with Node's client (it sends the path as given). */
export function sendRaw(baseUrl: string, agent: http.Agent, request: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: hostname, port, method: request.method, path: request.path, headers: request.headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * Writes bytes on a fresh socket and reads one answer: for what a well-behaved client cannot send
 * (oversized or invalid headers, lying lengths, broken chunking). Stops at the end of the first
 * answer, so it also proves an answer came without the rest of a body being sent.
 */
export function exchangeOnSocket(
  baseUrl: string,
  bytes: string | Buffer,
  timeoutMs = 10_000,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    function finish(error?: Error) {
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseAnswer(received);
      if (parsed) resolve(parsed);
      else
        reject(
          error ??
            new Error(`incomplete answer: ${JSON.stringify(received.toString('latin1').slice(0, 300))}`),
        );
    }
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (parseAnswer(received)) finish();
    });
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish());
    socket.write(bytes);
  });
}

function parseAnswer(bytes: Buffer): RawAnswer | null {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine = '', ...headerLines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const body = bytes.subarray(headEnd + 4);
  if (!Number.isFinite(length) || body.length < length) return null;
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    text: body.subarray(0, length).toString('utf8'),
  };
}

/**
 * What a write leaves behind: the row count of every table and the number of files under the data
 * folder (media, mail). Equal before and after a refused request means nothing was half-written.
 * The counts are taken again only when the transaction snapshot moved (some transaction wrote or
 * is writing), which most refused requests never do: it keeps 1,000 checks cheap on PGlite.
 */
export async function makeFootprint(db: Db, dataDir: string): Promise<() => Promise<string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts = sql.raw(
    `select ${tables.rows.map(({ name }) => `(select count(*) from "${name}")::int as "${name}"`).join(', ')}`,
  );
  let cached: { snapshot: string; counts: string } | undefined;
  return async () => {
    const { rows } = await sql<{
      snapshot: string;
    }>`select txid_current_snapshot()::text as snapshot`.execute(db);
    const snapshot = rows[0]?.snapshot ?? '';
    if (cached?.snapshot !== snapshot) {
      cached = { snapshot, counts: JSON.stringify((await counts.execute(db)).rows[0]) };
    }
    const entries = await fs.readdir(dataDir, { recursive: true, withFileTypes: true });
    return `${cached.counts} files: ${entries.filter((entry) => entry.isFile()).length}`;
  };
}
