import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { parseDuration } from '../src/config/duration';
import { parseSize } from '../src/config/size';

describe('config', () => {
  it('has working defaults for every setting', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8000);
    expect(config.publicUrl).toBe('http://localhost:8000');
    expect(loadConfig({ PORT: '18400' }).publicUrl).toBe('http://localhost:18400');
    expect(config.upstream.baseUrl).toBe('https://fancaps.net');
    expect(config.upstream.pages).toEqual({ concurrency: 1, spacingMs: 1000 });
    expect(config.upstream.imageUrls.large.tv).toBe(
      'https://cdni.fancaps.net/file/fancaps-tvimages/{id}.jpg',
    );
    expect(config.downloads.ttlMs).toBe(3_600_000);
    expect(config.cache.episodeTtlMs).toBe(30 * 86_400_000);
  });

  it('lists every invalid setting at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        UPSTREAM_THUMB_URL_ANIME: 'https://ant.example/no-placeholder.jpg',
        DOWNLOAD_TTL: 'soon',
        DATABASE_URL: 'mysql://x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'UPSTREAM_THUMB_URL_ANIME', 'DOWNLOAD_TTL', 'DATABASE_URL']) {
      expect(problems).toContain(name);
    }
  });

  it('reads TRUST_PROXY as no proxy, a hop count or proxy addresses, never "trust anyone"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.example', '1.2.3.4/8/9']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads NOTIFY_ALLOWED_HOSTS as host names, addresses and CIDRs, and refuses anything else', () => {
    expect(loadConfig({}).notifications.allowedHosts).toEqual([]);
    const hosts = 'ntfy.lan, 10.0.0.0/8,fd00::/8,127.0.0.1';
    expect(loadConfig({ NOTIFY_ALLOWED_HOSTS: hosts }).notifications.allowedHosts).toEqual([
      ...['ntfy.lan', '10.0.0.0/8', 'fd00::/8', '127.0.0.1'],
    ]);
    for (const bad of ['10.0.0.0/33', 'http://ntfy.lan', 'ntfy lan', '*', 'fd00::/129']) {
      expect(() => loadConfig({ NOTIFY_ALLOWED_HOSTS: bad }), bad).toThrow(/NOTIFY_ALLOWED_HOSTS/);
    }
  });

  it('reads durations with units', () => {
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('90')).toBe(90_000);
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('soon')).toBeNull();
  });

  it('reads cache sizes with binary units and refuses bad ones at start', () => {
    expect(parseSize('512KB')).toBe(512 * 1024);
    expect(parseSize('50GB')).toBe(50 * 1024 ** 3);
    expect(parseSize('1.5 mb')).toBe(1.5 * 1024 ** 2);
    expect(parseSize('100')).toBe(100);
    expect(parseSize('lots')).toBeNull();
    expect(loadConfig({}).cache).toMatchObject({
      maxBytes: null,
      minFreeBytes: 2 * 1024 ** 3,
      favoritePinMaxBytes: 2 * 1024 ** 3,
    });
    expect(loadConfig({ FAVORITE_PIN_MAX: '100MB' }).cache.favoritePinMaxBytes).toBe(
      100 * 1024 ** 2,
    );
    expect(() => loadConfig({ FAVORITE_PIN_MAX: 'all' })).toThrow(/FAVORITE_PIN_MAX/);
    expect(loadConfig({ CACHE_MAX_SIZE: '50MB', CACHE_MIN_FREE: '0' }).cache).toMatchObject({
      maxBytes: 50 * 1024 ** 2,
      minFreeBytes: 0,
    });
    expect(() => loadConfig({ CACHE_MAX_SIZE: '50 gigs' })).toThrow(
      /CACHE_MAX_SIZE: not a size \(e\.g\. 500MB, 50GB\): "50 gigs"/,
    );
    expect(() => loadConfig({ CACHE_MIN_FREE: '-1GB' })).toThrow(/CACHE_MIN_FREE/);
  });
});

describe('documentation of settings', () => {
  it('documents every setting in .env.example and the README', async () => {
    const { readFileSync } = await import('node:fs');
    const { settingNames } = await import('../src/config');
    const root = new URL('../../', import.meta.url);
    const example = readFileSync(new URL('.env.example', root), 'utf8');
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    for (const name of settingNames) {
      expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
      expect(readme, name).toContain(`\`${name}\``);
    }
  });

  it('ships an .env.example that is itself a valid configuration', async () => {
    const { readFileSync } = await import('node:fs');
    const { parseEnv } = await import('node:util');
    const example = parseEnv(readFileSync(new URL('../../.env.example', import.meta.url), 'utf8'));
    expect(() => loadConfig(example)).not.toThrow();
  });
});
