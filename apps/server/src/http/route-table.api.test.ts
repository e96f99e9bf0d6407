import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCalls } from '@nomadas/shared/api';
import { apiRoutesServed } from '../test/api-routes.js';
import { listRoutes } from '../test/bad-input.http.js';
import { startTestServer, type TestServer } from '../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

it('the server serves the calls of the route table under /api, and nothing else', () => {
  const served = apiRoutesServed(listRoutes(t.app)).map(
    ({ method, url }) => `${method} ${url.slice('/api'.length)}`,
  );
  // A route added by hand, outside the table, shows up here as served but not declared.
  expect(served.toSorted()).toEqual(Object.keys(apiCalls).toSorted());
});
