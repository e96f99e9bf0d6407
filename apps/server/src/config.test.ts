import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('fills the demo only on the embedded database unless SEED_DEMO says otherwise', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    const real = { DATABASE_URL: 'postgresql://db/nomadas', PUBLIC_URL: 'https://nomadas.example' };
    expect(loadConfig(real).seedDemo).toBe(false);
    expect(loadConfig({ ...real, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('refuses to start in production on a real database without PUBLIC_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://db/nomadas' })).toThrow(/PUBLIC_URL/);
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgresql://db/nomadas', NODE_ENV: 'development' }),
    ).not.toThrow();
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(/PORT/);
  });
});
