import http from 'node:http';

export interface RouteVisitCounts {
  sent: number;
  ok: number;
  /** 429s: the anonymous write limit of one address (each visit comes from its own, so expect none). */
  limited: number;
  /** Any other status, and failed requests. */
  failed: number;
  seconds: number;
}

const PATHS = ['/muro', '/tags/galicia', '/mapa', '/perfil/viajero_42', '/canales', '/muro/ruta-numero-7'];
const BROWSER = Buffer.from('8|Europe/Madrid').toString('base64');

/**
 * The background the wall is measured against: `POST /api/trc/path`, as the app sends on every route
 * change, at a steady rate from a loop of its own. Each visit comes from its own address through
 * X-Forwarded-For (the bench app trusts its proxy), as visitors behind a load balancer do, so the
 * per-address limit of anonymous writes lets them through and each one is a real insert.
 */
export function startRouteVisits(port: number, perSecond: number): { stop(): Promise<RouteVisitCounts> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const counts: RouteVisitCounts = { sent: 0, ok: 0, limited: 0, failed: 0, seconds: 0 };
  const startedAt = performance.now();
  let inFlight = 0;
  let onIdle: (() => void) | undefined;

  const visit = () => {
    const n = counts.sent++;
    const body = JSON.stringify({ p: PATHS[n % PATHS.length], br: BROWSER });
    inFlight++;
    const done = (status: number) => {
      if (status >= 200 && status < 300) counts.ok++;
      else if (status === 429) counts.limited++;
      else counts.failed++;
      if (--inFlight === 0) onIdle?.();
    };
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/trc/path',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode ?? 0));
      },
    );
    request.on('error', () => done(0));
    request.end(body);
  };

  const timer = setInterval(visit, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      if (inFlight > 0) await new Promise<void>((resolve) => (onIdle = resolve));
      agent.destroy();
      counts.seconds = (performance.now() - startedAt) / 1000;
      return counts;
    },
  };
}
