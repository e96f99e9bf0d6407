import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('fills the demo only on the embedded database unless SEED_DEMO says otherwise', () => {
    expect(loadConfig({}, ['--demo']).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }, ['--demo']).seedDemo).toBe(false);
    const real = {
      DATABASE_URL: 'postgresql://db/nomadas',
      PUBLIC_URL: 'https://nomadas.example',
      INSTANCES: '1',
    };
    expect(loadConfig(real, ['--demo']).seedDemo).toBe(false);
    expect(loadConfig({ ...real, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('never fills the demo in production unless asked (`npm start` asks with --demo)', () => {
    expect(loadConfig({}).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(() => loadConfig({}, ['--demos'])).toThrow(/--demos/);
  });

  it('trusts X-Forwarded-For only as far as the proxies named, never a client-written left-most entry', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    for (const wrong of ['true', '10.0.0.0/33', 'proxy.example', '10.0.0.1,', '1.2.3'])
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
  });

  it('refuses to start in production on a real database without PUBLIC_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://db/nomadas' })).toThrow(/PUBLIC_URL/);
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgresql://db/nomadas', NODE_ENV: 'development' }),
    ).not.toThrow();
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });

  it('refuses in production what several instances cannot share, unless INSTANCES=1 says there is one', () => {
    const real = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://db/nomadas',
      PUBLIC_URL: 'https://nomadas.example',
    };
    const bucket = { MEDIA_S3_BUCKET: 'nomadas-media' };
    const shared = { ...real, ...bucket, REDIS_URL: 'redis://cache:6379', SMTP_URL: 'smtp://mail:587' };
    expect(() => loadConfig(real)).toThrow(
      /REDIS_URL: required .* set INSTANCES=1 if this is the only instance/,
    );
    expect(() => loadConfig({ ...real, INSTANCES: '2' })).toThrow(/REDIS_URL: required/);
    expect(() => loadConfig({ ...real, INSTANCES: '1' })).not.toThrow();
    expect(() => loadConfig({ ...real, REDIS_URL: 'redis://cache:6379' })).not.toThrow();
    expect(() => loadConfig({ ...shared, INSTANCES: '3' })).not.toThrow();
    // Media on one disk, mail as .eml files on each instance's disk: refused once more than one is declared.
    const { MEDIA_S3_BUCKET: _, ...onDisk } = { ...shared, INSTANCES: '3' };
    expect(() => loadConfig(onDisk)).toThrow(/MEDIA_S3_BUCKET: required when INSTANCES is more than 1/);
    expect(() => loadConfig({ ...shared, INSTANCES: '3', SMTP_URL: '' })).toThrow(
      /SMTP_URL: required when INSTANCES is more than 1/,
    );
    expect(() => loadConfig({ ...real, INSTANCES: '1', MAIL_OUTBOX_DIR: '/var/mail/nomadas' })).not.toThrow();
    // Every reason at once, so an operator mends them in one go.
    expect(() => loadConfig({ ...real, INSTANCES: '2' })).toThrow(/REDIS_URL[^]*MEDIA_S3_BUCKET[^]*SMTP_URL/);
    // The embedded database is single-instance by nature: no refusal, unless more are declared on it.
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'production', ...bucket, INSTANCES: '2' })).toThrow(
      /INSTANCES: more than 1 needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...real, INSTANCES: '0' })).toThrow(/INSTANCES/);
    expect(() => loadConfig({ ...real, INSTANCES: 'dos' })).toThrow(/INSTANCES/);
    // Development and tests run as before.
    expect(() => loadConfig({ ...real, NODE_ENV: 'development', INSTANCES: '3' })).not.toThrow();
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://db/nomadas', NODE_ENV: 'test' })).not.toThrow();
  });

  it('holds upload locks on DATABASE_SESSION_URL, else DATABASE_URL, and in the process when embedded', () => {
    const real = { DATABASE_URL: 'postgresql://pgbouncer/nomadas', NODE_ENV: 'development' };
    expect(loadConfig(real).databaseSessionUrl).toBe('postgresql://pgbouncer/nomadas');
    expect(loadConfig({ ...real, DATABASE_SESSION_URL: 'postgresql://db/nomadas' }).databaseSessionUrl).toBe(
      'postgresql://db/nomadas',
    );
    expect(
      loadConfig({ DATABASE_SESSION_URL: 'postgresql://db/nomadas' }).databaseSessionUrl,
    ).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(/PORT/);
  });

  it('keeps media on disk unless MEDIA_S3_BUCKET names a bucket, and refuses half a bucket', () => {
    expect(loadConfig({}).mediaBucket).toBeUndefined();
    expect(loadConfig({ MEDIA_S3_BUCKET: '', MEDIA_PUBLIC_URL: '' }).mediaBucket).toBeUndefined();
    expect(
      loadConfig({
        MEDIA_S3_BUCKET: 'nomadas-media',
        MEDIA_S3_ENDPOINT: 'http://minio:9000',
        MEDIA_S3_ACCESS_KEY_ID: 'clave',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secreto',
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
        MEDIA_PUBLIC_URL: 'https://cdn.nomadas.example/media/',
      }).mediaBucket,
    ).toEqual({
      bucket: 'nomadas-media',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'clave', secretAccessKey: 'secreto' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.nomadas.example/media',
    });
    // On AWS itself: its endpoint for the region, and credentials from the SDK's own chain.
    expect(
      loadConfig({ MEDIA_S3_BUCKET: 'nomadas-media', MEDIA_S3_REGION: 'eu-west-3' }).mediaBucket,
    ).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-3',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.nomadas.example' })).toThrow(
      /MEDIA_S3_BUCKET: required when MEDIA_PUBLIC_URL is set/,
    );
    expect(() => loadConfig({ MEDIA_S3_ENDPOINT: 'http://minio:9000' })).toThrow(/MEDIA_S3_BUCKET/);
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'b', MEDIA_S3_ACCESS_KEY_ID: 'clave' })).toThrow(
      /MEDIA_S3_BUCKET/,
    );
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'nomadas-media', MEDIA_S3_ACCESS_KEY_ID: 'clave' })).toThrow(
      /MEDIA_S3_SECRET_ACCESS_KEY: both or neither/,
    );
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'Media_Fotos' })).toThrow(/MEDIA_S3_BUCKET: a bucket name/);
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'nomadas-media', MEDIA_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /MEDIA_S3_ENDPOINT/,
    );
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'nomadas-media', MEDIA_S3_FORCE_PATH_STYLE: 'sí' })).toThrow(
      /MEDIA_S3_FORCE_PATH_STYLE/,
    );
  });
});
