import path from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { z } from 'zod';
import fs from 'node:fs';
import {
  BASE_MAP_ATTRIBUTIONS,
  BASE_MAP_PATH,
  PUBLIC_SETTINGS_DEFAULTS,
  RASTER_MAP_DEFAULT,
  VIDEO_MAX_MB_DEFAULT,
  type MapBase,
} from '@nomadas/shared';
import type { S3MediaOptions } from './media/s3-media-store.js';
import { DEFAULT_GUIDE_FILE } from './modules/guide/guide-file.js';

/**
 * Which X-Forwarded-For entries Fastify believes: none (false), the number of proxies in front of the app, or
 * the proxies' addresses and ranges (proxy-addr's names loopback, linklocal and uniquelocal too). The client's
 * address is the right-most entry a trusted hop added; `true` would take the left-most, which any client writes.
 */
export type TrustedProxies = false | number | string[];

const TRUST_PROXY_HELP =
  'the number of proxies in front of the app (1 behind one load balancer) or their addresses, comma-separated ' +
  '(10.0.0.0/8,192.168.1.5); `true` is refused: it would believe an address any client can write';
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** TRUST_PROXY's value, or undefined when it is not one (README "Configuration"). */
function parseTrustedProxies(value: string): TrustedProxies | undefined {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : undefined;
}

/** An optional setting: an empty value is no value. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const httpUrl = z
  .string()
  .url()
  .refine((url) => /^https?:\/\//.test(url), 'an http(s) URL');

/** Every environment variable the server reads, validated once at boot (README "Configuration"). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  EMBEDDED_DATABASE: z.enum(['postgres', 'pglite', '']).optional(),
  DATABASE_PREPARE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  // The same database without PgBouncer's transaction mode, for session locks and LISTEN (default DATABASE_URL).
  DATABASE_SESSION_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  // How many instances run on DATABASE_URL, as the operator declares it; production refuses what that many cannot share.
  INSTANCES: optional(z.coerce.number().int().min(1).max(1_000)),
  REDIS_PREFIX: z.string().default('nomadas:'),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('nómadas <no-responder@nomadas.tv>'),
  MAIL_OUTBOX_DIR: z.string().optional(),
  CONTACT_EMAIL: z.string().default(PUBLIC_SETTINGS_DEFAULTS.contactEmail),
  SITE_NAME: z.string().default(PUBLIC_SETTINGS_DEFAULTS.siteName),
  SITE_PHONE: z.string().default(PUBLIC_SETTINGS_DEFAULTS.sitePhone),
  PROFESSIONALS_URL: z.string().default(PUBLIC_SETTINGS_DEFAULTS.professionalsUrl),
  ANALYTICS_URL: z.string().optional(),
  RATE_LIMIT_FACTOR: z.coerce.number().min(1).default(1),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => parseTrustedProxies(value) !== undefined, TRUST_PROXY_HELP)
    .transform((value) => parseTrustedProxies(value)!),
  // SIGTERM: ready answers 503 for SHUTDOWN_DRAIN_MS while requests are still served (the balancer's checks
  // notice), then the app closes; past SHUTDOWN_DEADLINE_MS from the signal the process exits whatever it does.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(25_000),
  // Prometheus metrics at /metrics on a port of their own, unset = none; on loopback unless told otherwise.
  METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
  // Unset: on for the embedded database when the demo is asked for (`--demo`, `npm start`) or outside
  // production (DESIGN.md §6); otherwise it must be asked for.
  SEED_DEMO: z.enum(['true', 'false', '']).optional(),
  REPORTS_TO_HIDE: z.coerce.number().int().min(1).default(3),
  MODERATORS: z.string().default(''),
  // The map: confirmations from other users that make a new place public (a moderator's approval also does).
  // The base of /mapa (mapBaseOf): raster tiles ({z}/{x}/{y}, optionally {s}) when MAP_TILE_URL is set, else an
  // operator's PMTiles extract (MAP_PMTILES_URL), else the app's own archive (MAP_PMTILES_FILE, at /map/base.pmtiles).
  MAP_TILE_URL: optional(httpUrl),
  MAP_TILE_ATTRIBUTION: z.string().default(RASTER_MAP_DEFAULT.attribution),
  MAP_PMTILES_URL: optional(httpUrl),
  MAP_PMTILES_ATTRIBUTION: z.string().default(BASE_MAP_ATTRIBUTIONS.protomaps),
  MAP_PMTILES_FILE: z.string().optional(),
  MAP_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(3),
  // LPG prices (modules/lpg-prices): the Ministry's EstacionesTerrestres JSON, fetched every so many hours; unset = off.
  LPG_PRICES_URL: optional(httpUrl),
  LPG_PRICES_EVERY_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(7 * 24)
    .default(12),
  // Place reports that age (issue #32): a service's state, room tonight, and how often one user may say the latter.
  SERVICE_STATUS_FRESH_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(72),
  OCCUPANCY_HOURS: z.coerce.number().min(0.25).max(48).default(3),
  OCCUPANCY_REPORT_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(30),
  // People who are not friends (and never wrote back) a user may begin a chat with in 24 hours.
  CHAT_REQUESTS_DAILY: z.coerce.number().int().min(1).max(100_000).default(20),
  // How often expired and forgotten live positions are swept (and their watchers told).
  POSITIONS_SWEEP_MS: z.coerce.number().int().min(50).max(600_000).default(15_000),
  // The largest video upload, in MB (modules/videos; GET /api/canal tells the browser).
  VIDEO_MAX_MB: z.coerce.number().int().min(1).max(100_000).default(VIDEO_MAX_MB_DEFAULT),
  // tus's parts of uploads in progress (default DATA_DIR/uploads): one volume shared by every instance.
  VIDEO_UPLOAD_DIR: z.string().optional(),
  // What one user may hold in unfinished uploads (default twice VIDEO_MAX_MB), and how long one is kept after
  // its last byte.
  VIDEO_UNFINISHED_MB: z.coerce.number().int().min(1).max(1_000_000).optional(),
  VIDEO_UPLOAD_TTL_MIN: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  // Videos one user may have waiting or processing at once; more are refused at upload.
  VIDEO_MAX_PENDING: z.coerce.number().int().min(1).max(1_000).default(3),
  // The video fence (media/ffmpeg-fence.ts): the longest video accepted, the wall-clock cap of one transcode,
  // and the memory (address space) of one ffmpeg.
  VIDEO_MAX_DURATION_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(900),
  VIDEO_TIMEOUT_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(3600),
  VIDEO_MEMORY_MB: z.coerce.number().int().min(256).max(65_536).default(1024),
  // ffmpeg and ffprobe: by default those found on PATH (Debian's ffmpeg package: /usr/bin/ffmpeg).
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  // Web Push endpoints on this machine (http://127.0.0.1:…), for the tests' stand-in push service; unset: only
  // when NODE_ENV=test. Everywhere else an endpoint is an https URL on a named host.
  PUSH_LOOPBACK_ENDPOINTS: z.enum(['true', 'false', '']).optional(),
  // How often the job worker looks for due jobs when nothing on this instance woke it (retries, other instances).
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  // How long a claimed job stays its worker's without a heartbeat: after a crash, it runs again this much later.
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(3).max(3_600).default(30),
  // Memory each instance's shared answers may hold, estimated (lib/short-cache.ts): past it, the least read go.
  MAP_POINTS_CACHE_MB: z.coerce.number().min(0.01).max(65_536).default(64),
  WALL_PAGES_CACHE_MB: z.coerce.number().min(0.01).max(65_536).default(32),
  SEARCH_CACHE_MB: z.coerce.number().min(0.01).max(65_536).default(8),
  // The places' search index of each instance (modules/search/place-search.ts), estimated: past it, SQL serves.
  PLACE_SEARCH_MB: z.coerce.number().min(0).max(65_536).default(128),
  // Media in an S3-compatible bucket instead of DATA_DIR/media: set MEDIA_S3_BUCKET (media/s3-media-store.ts).
  MEDIA_S3_BUCKET: optional(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      ),
  ),
  MEDIA_S3_ENDPOINT: optional(httpUrl),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: optional(z.string()),
  MEDIA_S3_SECRET_ACCESS_KEY: optional(z.string()),
  MEDIA_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  // Where browsers load the bucket's files (a CDN); unset, the app streams them at /media/.
  MEDIA_PUBLIC_URL: optional(httpUrl),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  // The '10 joyas' guide's text (modules/guide/guide-file.ts): a JSON file an operator edits; read at boot.
  GUIDE_FILE: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /**
   * Which embedded database runs when `databaseUrl` is undefined (that is what "embedded" means):
   * undefined = PostgreSQL from the shipped binaries, unless DATA_DIR holds only an earlier PGlite database.
   */
  embeddedDatabase: 'postgres' | 'pglite' | undefined;
  /** Named prepared statements per connection; false behind PgBouncer in transaction mode. */
  databasePrepare: boolean;
  /** Where tus's upload locks hold a session of their own (http/tus-locker.ts); undefined when embedded. */
  databaseSessionUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxDir: string;
  mediaDir: string;
  /** The bucket media live in (MEDIA_S3_*); undefined: `mediaDir` on disk. */
  mediaBucket: S3MediaOptions | undefined;
  contactEmail: string;
  siteName: string;
  sitePhone: string;
  professionalsUrl: string;
  analyticsUrl: string | undefined;
  rateLimitFactor: number;
  trustProxy: TrustedProxies;
  /** SIGTERM: how long ready answers 503 before the app closes, and when the process exits regardless. */
  shutdownDrainMs: number;
  shutdownDeadlineMs: number;
  /** Where /metrics is served (metrics/); undefined: nowhere, and nothing is measured. */
  metrics: { host: string; port: number } | undefined;
  seedDemo: boolean;
  reportsToHide: number;
  /** Usernames whose accounts are given the moderator role at start, once per name (lower case). */
  moderators: string[];
  /** Confirmations from other users that make a draft place public (modules/map). */
  mapConfirmations: number;
  /** Place reports (modules/map/place-status): how long they count. */
  placeReports: { serviceFreshHours: number; occupancyHours: number; occupancyEveryMinutes: number };
  /** The LPG price importer (modules/lpg-prices): its source and period; undefined = off (no network). */
  lpgPrices: { url: string; everyHours: number } | undefined;
  /** Non-friends a user may begin a chat with in 24 hours (modules/chat/chat-requests.ts). */
  chatRequestsDaily: number;
  /** What /mapa draws under its places (mapBaseOf). */
  mapBase: MapBase;
  /** The PMTiles archive served at /map/base.pmtiles (modules/map/base-map.routes.ts). */
  mapPmtilesFile: string;
  /** The '10 joyas' guide every account has (GET /api/guia), validated at boot. */
  guideFile: string;
  /** Period of the sweep that forgets stale and expired live positions (modules/map/live-positions). */
  positionsSweepMs: number;
  /** The largest video upload (VIDEO_MAX_MB), in bytes. */
  videoMaxBytes: number;
  /** Uploads in progress (`tus/`), shared by every instance; originals wait in the media store. */
  videoUploadDir: string;
  /** Unfinished uploads one user may hold, in bytes; and how long one is kept after its last byte. */
  videoUploadQuotaBytes: number;
  videoUploadExpiryMs: number;
  /** Videos one user may have waiting or processing at once. */
  videoMaxPending: number;
  /** The video fence (media/ffmpeg-fence.ts). */
  videoMaxDurationSeconds: number;
  videoProcessTimeoutSeconds: number;
  videoProcessMemoryBytes: number;
  /** The ffmpeg and ffprobe to run (media/ffmpeg.ts); undefined = found on PATH. */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /** Web Push subscriptions may name a push service on loopback, over http too (tests only). */
  pushLoopbackEndpoints: boolean;
  /** Poll period of the job worker (lib/jobs.ts); local enqueues wake it at once. */
  jobsPollMs: number;
  /** Lease of a claimed job (renewed while it runs); a crashed worker's job runs again after it. */
  jobsLeaseSeconds: number;
  /** Bytes each instance's shared answers may hold: the map's boxes, the wall's pages, the search's texts. */
  cacheBytes: { mapPoints: number; wallPages: number; search: number; placeSearch: number };
  logLevel: string;
  webDistDir: string;
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Env = z.infer<typeof envSchema>;

/** The archive's version in its URL, so browsers may keep it for a year: its size and time of writing. */
function archiveVersion(file: string): string | undefined {
  try {
    const stat = fs.statSync(file);
    return `${stat.size.toString(36)}${Math.floor(stat.mtimeMs).toString(36)}`;
  } catch {
    return undefined;
  }
}

/**
 * The map's base, by one rule: MAP_TILE_URL set means raster tiles; else MAP_PMTILES_URL, an operator's Protomaps
 * extract; else the app's own archive when the build made it; else OpenStreetMap's raster tiles.
 */
function mapBaseOf(e: Env, archive: string): MapBase {
  if (e.MAP_TILE_URL) return { kind: 'raster', url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION };
  if (e.MAP_PMTILES_URL)
    return {
      kind: 'pmtiles',
      url: e.MAP_PMTILES_URL,
      attribution: e.MAP_PMTILES_ATTRIBUTION,
      schema: 'protomaps',
    };
  const version = archiveVersion(archive);
  if (version)
    return {
      kind: 'pmtiles',
      url: `${BASE_MAP_PATH}?v=${version}`,
      attribution: BASE_MAP_ATTRIBUTIONS.nomadas,
      schema: 'nomadas',
    };
  return RASTER_MAP_DEFAULT;
}

/** MEDIA_S3_* and MEDIA_PUBLIC_URL, which mean something only together; refused when half given. */
function mediaBucketOf(e: Env): S3MediaOptions | undefined {
  const refuse = (problem: string) => {
    throw new Error(`Invalid configuration:\n  ${problem}`);
  };
  if (!e.MEDIA_S3_BUCKET) {
    const given = (
      [
        'MEDIA_S3_ENDPOINT',
        'MEDIA_S3_ACCESS_KEY_ID',
        'MEDIA_S3_SECRET_ACCESS_KEY',
        'MEDIA_PUBLIC_URL',
      ] as const
    ).filter((name) => e[name]);
    if (given.length > 0) refuse(`MEDIA_S3_BUCKET: required when ${given.join(', ')} is set`);
    return undefined;
  }
  if (!e.MEDIA_S3_ACCESS_KEY_ID !== !e.MEDIA_S3_SECRET_ACCESS_KEY) {
    refuse(
      'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY: both or neither (then the AWS SDK finds credentials)',
    );
  }
  return {
    bucket: e.MEDIA_S3_BUCKET,
    endpoint: e.MEDIA_S3_ENDPOINT,
    region: e.MEDIA_S3_REGION,
    credentials:
      e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE,
    publicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/**
 * Production settings that several instances cannot share, refused with every reason at once (README
 * "Configuration"): without Redis each instance keeps its own sessions, rate limits and sockets; media on disk
 * are served only by the instance that stored them; .eml mail lands on each instance's disk, where nobody delivers it.
 */
function refuseWhatCannotScaleOut(e: Env, databaseUrl: string | undefined): void {
  if (e.NODE_ENV !== 'production') return;
  const problems: string[] = [];
  const several = e.INSTANCES !== undefined && e.INSTANCES > 1;
  if (databaseUrl && !e.REDIS_URL && e.INSTANCES !== 1) {
    problems.push(
      'REDIS_URL: required when NODE_ENV=production and DATABASE_URL is set, so that instances share sessions, ' +
        'rate limits and sockets; set INSTANCES=1 if this is the only instance',
    );
  }
  if (several && !databaseUrl) {
    problems.push("INSTANCES: more than 1 needs DATABASE_URL (the embedded database is one instance's own)");
  }
  if (several && !e.MEDIA_S3_BUCKET) {
    problems.push(
      'MEDIA_S3_BUCKET: required when INSTANCES is more than 1 (media on disk are served only by the instance ' +
        'that stored them); set MEDIA_S3_* or run one instance',
    );
  }
  if (several && !e.SMTP_URL) {
    problems.push(
      'SMTP_URL: required when INSTANCES is more than 1 (without it each instance writes its mail as .eml files ' +
        'to its own outbox folder, and nobody sends them)',
    );
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

/** `args`: the command line's arguments; `--demo` (what `npm start` passes) asks for the demo content. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, args: string[] = []): Config {
  const unknown = args.filter((arg) => arg !== '--demo');
  if (unknown.length > 0) throw new Error(`Unknown argument: ${unknown.join(' ')} (the only one is --demo)`);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const databaseUrl = e.DATABASE_URL || undefined;
  // Mails and shared links carry absolute addresses: a real deployment must say which.
  if (e.NODE_ENV === 'production' && databaseUrl && !e.PUBLIC_URL) {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: required when NODE_ENV=production and DATABASE_URL is set (e.g. https://nomadas.example)',
    );
  }
  refuseWhatCannotScaleOut(e, databaseUrl);
  const pushLoopbackEndpoints = e.PUSH_LOOPBACK_ENDPOINTS
    ? e.PUSH_LOOPBACK_ENDPOINTS === 'true'
    : e.NODE_ENV === 'test';
  if (pushLoopbackEndpoints && e.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration:\n  PUSH_LOOPBACK_ENDPOINTS: not in production (the server would post to addresses on its own machine)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // The demo's build makes this one (packages/demo/src/basemap).
  const mapPmtilesFile = path.resolve(
    e.MAP_PMTILES_FILE ?? path.join(serverRoot, '../../packages/demo/basemap/espana.pmtiles'),
  );
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedDatabase: e.EMBEDDED_DATABASE || undefined,
    databasePrepare: e.DATABASE_PREPARE,
    databaseSessionUrl: databaseUrl && (e.DATABASE_SESSION_URL || databaseUrl),
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailOutboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    mediaDir: path.join(dataDir, 'media'),
    mediaBucket: mediaBucketOf(e),
    contactEmail: e.CONTACT_EMAIL,
    siteName: e.SITE_NAME,
    sitePhone: e.SITE_PHONE,
    professionalsUrl: e.PROFESSIONALS_URL,
    analyticsUrl: e.ANALYTICS_URL || undefined,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    trustProxy: e.TRUST_PROXY,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    metrics: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    seedDemo: e.SEED_DEMO
      ? e.SEED_DEMO === 'true'
      : databaseUrl === undefined && (args.includes('--demo') || e.NODE_ENV !== 'production'),
    reportsToHide: e.REPORTS_TO_HIDE,
    moderators: e.MODERATORS.split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
    mapConfirmations: e.MAP_CONFIRMATIONS,
    placeReports: {
      serviceFreshHours: e.SERVICE_STATUS_FRESH_HOURS,
      occupancyHours: e.OCCUPANCY_HOURS,
      occupancyEveryMinutes: e.OCCUPANCY_REPORT_MINUTES,
    },
    lpgPrices: e.LPG_PRICES_URL ? { url: e.LPG_PRICES_URL, everyHours: e.LPG_PRICES_EVERY_HOURS } : undefined,
    chatRequestsDaily: e.CHAT_REQUESTS_DAILY,
    mapBase: mapBaseOf(e, mapPmtilesFile),
    mapPmtilesFile,
    positionsSweepMs: e.POSITIONS_SWEEP_MS,
    videoMaxBytes: e.VIDEO_MAX_MB * 1024 * 1024,
    videoUploadDir: path.resolve(e.VIDEO_UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    videoUploadQuotaBytes: (e.VIDEO_UNFINISHED_MB ?? 2 * e.VIDEO_MAX_MB) * 1024 * 1024,
    videoUploadExpiryMs: e.VIDEO_UPLOAD_TTL_MIN * 60 * 1000,
    videoMaxPending: e.VIDEO_MAX_PENDING,
    videoMaxDurationSeconds: e.VIDEO_MAX_DURATION_S,
    videoProcessTimeoutSeconds: e.VIDEO_TIMEOUT_S,
    videoProcessMemoryBytes: e.VIDEO_MEMORY_MB * 1024 * 1024,
    ffmpegPath: e.FFMPEG_PATH || undefined,
    ffprobePath: e.FFPROBE_PATH || undefined,
    pushLoopbackEndpoints,
    jobsPollMs: e.JOBS_POLL_MS,
    jobsLeaseSeconds: e.JOBS_LEASE_SECONDS,
    cacheBytes: {
      mapPoints: Math.round(e.MAP_POINTS_CACHE_MB * 1024 * 1024),
      wallPages: Math.round(e.WALL_PAGES_CACHE_MB * 1024 * 1024),
      search: Math.round(e.SEARCH_CACHE_MB * 1024 * 1024),
      placeSearch: Math.round(e.PLACE_SEARCH_MB * 1024 * 1024),
    },
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot, '../web/dist')),
    guideFile: path.resolve(e.GUIDE_FILE ?? DEFAULT_GUIDE_FILE),
  };
}
