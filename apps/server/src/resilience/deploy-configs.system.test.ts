import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { DEPLOY_DIR, HAPROXY, startHaproxy, type RunningHaproxy } from '../test/haproxy.js';

/*
 * deploy/'s configurations as an operator runs them: both parse, and HAProxy's does what the README promises
 * before three stand-in instances (plain HTTP servers that say who answered): only ready instances get traffic,
 * round robin, WebSockets pass, every request carries an id, and a request to an instance that just went away
 * is sent to another one instead of failing.
 */

const run = promisify(execFile);

interface StandIn {
  name: string;
  address: string;
  ready: boolean;
  seen: { url: string | undefined; requestId: string | undefined; forwardedFor: string | undefined }[];
  close(): Promise<void>;
}

async function standIn(name: string): Promise<StandIn> {
  const server = http.createServer();
  const sockets = new WebSocketServer({ server, path: '/ws' });
  sockets.on('connection', (socket) =>
    socket.on('message', (data) => socket.send(`${name}:${String(data)}`)),
  );
  const instance: StandIn = {
    name,
    address: '',
    ready: true,
    seen: [],
    close: () =>
      new Promise((resolve) => {
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('request', (request, response) => {
    if (request.url === '/api/health/ready') {
      response.writeHead(instance.ready ? 200 : 503).end();
      return;
    }
    instance.seen.push({
      url: request.url,
      requestId: request.headers['x-request-id'] as string | undefined,
      forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
    });
    // An instance that dies after taking the request, before it answers (kill -9 after a commit).
    if (request.url === '/api/dies') return void request.socket.destroy();
    response.end(name);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  instance.address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return instance;
}

describe('deploy/ configurations', () => {
  it('parse: haproxy -c and nginx -t', async () => {
    const haproxy = await run(HAPROXY, ['-c', '-f', path.join(DEPLOY_DIR, 'haproxy.cfg')]);
    expect(haproxy.stdout).toContain('Configuration file is valid');
    const prefix = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-nginx-'));
    try {
      await fs.mkdir(path.join(prefix, 'logs'));
      const nginx = await run('/usr/sbin/nginx', [
        ...['-t', '-p', prefix, '-c', path.join(DEPLOY_DIR, 'nginx.conf')],
        ...['-g', `pid ${path.join(prefix, 'nginx.pid')};`],
      ]);
      expect(nginx.stderr).toContain('test is successful');
    } finally {
      await fs.rm(prefix, { recursive: true, force: true });
    }
  });
});

describe('deploy/haproxy.cfg before three instances', () => {
  let instances: StandIn[];
  let balancer: RunningHaproxy;
  const get = async (headers: Record<string, string> = {}) => {
    const answer = await fetch(`${balancer.url}/api/anything`, { headers });
    return { status: answer.status, by: await answer.text() };
  };

  beforeAll(async () => {
    instances = await Promise.all(['app1', 'app2', 'app3'].map(standIn));
    // app3 drains: its readiness says 503 from the start.
    instances[2]!.ready = false;
    balancer = await startHaproxy(instances.map((instance) => instance.address) as [string, string, string]);
    await vi.waitFor(
      async () =>
        expect((await balancer.servers()).map((server) => `${server.name} ${server.status}`)).toEqual([
          'app1 UP',
          'app2 UP',
          'app3 DOWN',
        ]),
      { timeout: 15_000, interval: 200 },
    );
  });
  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.close()));
  });

  it('sends requests round robin to the ready instances only, each with an id and the client address', async () => {
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await get());
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.by === 'app1')).toHaveLength(5);
    expect(answers.filter((answer) => answer.by === 'app2')).toHaveLength(5);
    expect(instances[2]!.seen).toEqual([]);

    const seen = [...instances[0]!.seen, ...instances[1]!.seen];
    expect(new Set(seen.map((request) => request.requestId)).size).toBe(10);
    expect(seen.every((request) => request.forwardedFor === '127.0.0.1')).toBe(true);
    // An id the client (or a balancer before this one) sent is kept.
    await get({ 'x-request-id': 'abc-123' });
    const ids = [...instances[0]!.seen, ...instances[1]!.seen].map((request) => request.requestId);
    expect(ids).toHaveLength(11);
    expect(ids).toContain('abc-123');
  });

  it('passes a WebSocket on /ws through', async () => {
    const socket = new WebSocket(`${balancer.url.replace('http', 'ws')}/ws`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send('hola');
    expect(await reply).toMatch(/^app[12]:hola$/);
    socket.close();
  });

  it('sends a write that reached an instance nowhere else, and retries a read that met an empty answer', async () => {
    const tries = () =>
      instances.flatMap((instance) => instance.seen).filter((request) => request.url === '/api/dies').length;
    // What the client gets: an error status, or the connection closed (0).
    const send = (method: string) =>
      fetch(`${balancer.url}/api/dies`, { method, ...(method === 'POST' ? { body: 'me gusta' } : {}) }).then(
        (answer) => answer.status,
        () => 0,
      );
    expect(await send('POST')).not.toBe(200);
    expect(tries()).toBe(1);
    expect(await send('GET')).not.toBe(200);
    // The first try and `retries 2` more.
    expect(tries()).toBe(1 + 1 + 2);
  });

  it('sends a request for an instance that has just gone away to another one, before its checks notice', async () => {
    await instances[1]!.close();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await get());
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.every((answer) => answer.by === 'app1')).toBe(true);
  });
});
