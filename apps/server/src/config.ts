import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Every environment variable the server reads, validated once at boot (README "Configuration"). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('nomadas:'),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('nómadas <no-responder@nomadas.tv>'),
  MAIL_OUTBOX_DIR: z.string().optional(),
  CONTACT_EMAIL: z.string().default('contacto@nomadas.tv'),
  SITE_NAME: z.string().default('nómadas.tv'),
  SITE_PHONE: z.string().default('+34 900 000 000'),
  PROFESSIONALS_URL: z.string().default('https://profesionales.nomadas.tv'),
  ANALYTICS_URL: z.string().optional(),
  RATE_LIMIT_FACTOR: z.coerce.number().min(1).default(1),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  REPORTS_TO_HIDE: z.coerce.number().int().min(1).default(3),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailOutboxDir: string;
  mediaDir: string;
  contactEmail: string;
  siteName: string;
  sitePhone: string;
  professionalsUrl: string;
  analyticsUrl: string | undefined;
  rateLimitFactor: number;
  trustProxy: boolean;
  seedDemo: boolean;
  reportsToHide: number;
  logLevel: string;
  webDistDir: string;
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailOutboxDir: path.resolve(e.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    mediaDir: path.join(dataDir, 'media'),
    contactEmail: e.CONTACT_EMAIL,
    siteName: e.SITE_NAME,
    sitePhone: e.SITE_PHONE,
    professionalsUrl: e.PROFESSIONALS_URL,
    analyticsUrl: e.ANALYTICS_URL || undefined,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    reportsToHide: e.REPORTS_TO_HIDE,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot, '../web/dist')),
  };
}
