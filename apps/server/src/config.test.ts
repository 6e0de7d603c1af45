import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'certitude-config-'));

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.logLevel).toBe('info');
  });

  it('lists every bad value at once', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        JWT_SECRET: 'short',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'maybe',
        GITHUB_CLIENT_ID: 'only-the-id',
      });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = error!.problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'TRUST_PROXY', 'GITHUB_CLIENT_SECRET']) {
      expect(text).toContain(name);
    }
  });

  it('requires JWT_SECRET with DATABASE_URL, so every instance signs alike', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://localhost/x' })).toThrow(/JWT_SECRET/);
  });

  it('refuses METRICS=true without a METRICS_TOKEN of at least 32 characters, naming it', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS: 'true' })).toThrow(/METRICS_TOKEN: is required/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS: 'true', METRICS_TOKEN: 'too-short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    const config = loadConfig({ DATA_DIR: dataDir(), METRICS: 'true', METRICS_TOKEN: 'x'.repeat(32) });
    expect(config.metrics).toEqual({ token: 'x'.repeat(32) });
    expect(loadConfig({ DATA_DIR: dataDir() }).metrics).toBeUndefined();
  });

  it("takes the caches' limits in megabytes, 16 each by default, and refuses what is not one", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).cacheBytes).toEqual({ pages: 16 * 2 ** 20, discussions: 16 * 2 ** 20 });
    const set = loadConfig({ DATA_DIR: dataDir(), PAGE_CACHE_MB: '2.5', DISCUSSION_CACHE_MB: '0' });
    expect(set.cacheBytes).toEqual({ pages: 2.5 * 2 ** 20, discussions: 0 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAGE_CACHE_MB: 'lots', DISCUSSION_CACHE_MB: '-1' })).toThrow(
      /PAGE_CACHE_MB: must be a number of megabytes[\s\S]*DISCUSSION_CACHE_MB: must be a number of megabytes/,
    );
  });

  it('refuses a MEMORY_FLAGS that is neither true, false nor flags', () => {
    for (const value of ['true', 'false', '--max-semi-space-size=8 --optimize-for-size']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), MEMORY_FLAGS: value })).not.toThrow();
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), MEMORY_FLAGS: 'small; rm -rf /' })).toThrow(/MEMORY_FLAGS: must be/);
  });

  it('generates a secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SMTP_URL: '', PORT: '' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });
});
