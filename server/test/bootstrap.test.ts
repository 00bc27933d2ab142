import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { createServices } from '../src/services';

afterEach(() => vi.restoreAllMocks());

describe('first start', () => {
  it('creates an admin with a generated password printed exactly once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-boot-'));
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'root@example.com',
    });
    const first = await createServices(config);
    await first.close();
    const second = await createServices(config);
    vi.restoreAllMocks();
    try {
      const output = printed.join('');
      const password = /password: (\S+)/.exec(output)?.[1];
      expect(password).toBeTruthy();
      expect(output.match(/password:/g)).toHaveLength(1);
      const { user } = await second.auth.login('root@example.com', password!, '127.0.0.1');
      expect(user.role).toBe('admin');
    } finally {
      await second.close();
    }
  });
});
