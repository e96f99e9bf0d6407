import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from './harness.js';

/** A web build reduced to what the server fills in: the head slot and the root. */
const INDEX_HTML =
  '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>';

/**
 * A test server that also serves the web app's pages, from a build of one bare index.html: for tests of
 * what the server writes into a page's head (titles, link previews). close() removes the build too.
 */
export async function startTestServerWithPages(env: Record<string, string> = {}): Promise<TestServer> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-dist-'));
  const removeDist = () => fs.rm(dist, { recursive: true, force: true });
  try {
    await fs.writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    const server = await startTestServer({ WEB_DIST_DIR: dist, SITE_NAME: 'nómadas.tv', ...env });
    return {
      ...server,
      async close() {
        await server.close();
        await removeDist();
      },
    };
  } catch (error) {
    await removeDist();
    throw error;
  }
}
