import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DownloadStatus } from '@capshelf/contract';
import { i18n } from '../../i18n';
import { expectNoCjk } from '../../test/cjk';
import { downloadTask, downloadList } from '../../test/downloadFixtures';
import { json, mockApi, renderApp, englishUser, signedIn } from '../../test/helpers';
import { formatBytes } from './size';

const task = (id: number, overrides: Partial<DownloadStatus>) =>
  downloadTask({
    download_id: `task-000000000${id}`,
    file_name: `Non_Non_Biyori_${id}_small.zip`,
    ...overrides,
  });

const running = task(1, { status: 'running', done_count: 1, bytes_written: 1536, eta_seconds: 40 });
const paused = task(2, {
  status: 'paused',
  pause_reason: '源站限流冷却中（cdni.fancaps.net），30 秒后自动继续',
  resume_at: '2026-01-01T00:00:30Z',
  reason: { code: 'SOURCE_COOLING', host: 'cdni.fancaps.net', seconds: 30 },
});
const partial = task(3, {
  status: 'partial',
  done_count: 1,
  failed_count: 1,
  skipped_count: 2,
  expires_at: '2026-01-02T00:00:00Z',
});
const failed = task(4, {
  status: 'failed',
  job: 'work',
  error: '磁盘空间不足：约需 12.4 GB，下载目录所在磁盘只剩 3.0 GB',
  reason: { code: 'DISK_FULL', needed_gb: 12.4, free_gb: 3 },
});

describe('downloads tray in English', () => {
  it('tells states, counts, time left and the reasons of a pause and a failure in English', async () => {
    await i18n.changeLanguage('en');
    mockApi({
      ...signedIn(englishUser),
      'GET /api/download': () => json(200, downloadList([running, paused, partial, failed])),
      'GET /api/download/task-0000000001/status': () => json(200, running),
      'GET /api/download/task-0000000002/status': () => json(200, paused),
    });
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Downloads' });
    fireEvent.click(within(region).getByRole('button', { name: /^Downloads \(4\)/ }));
    expect(await within(region).findByRole('heading', { name: 'Downloads (4)' })).toBeTruthy();
    expect(within(region).getByText('2 in progress')).toBeTruthy();

    const row = (id: number) =>
      region.querySelector<HTMLElement>(`[data-download-id="task-000000000${id}"]`)!;
    expect(within(row(1)).getByText('Downloading')).toBeTruthy();
    expect(within(row(1)).getByText(/^created \d{1,2}:\d{2} [AP]M$/)).toBeTruthy();
    expect(
      within(row(1)).getByText('50% · 1/2 images · 1.50 KB · about 40 seconds left'),
    ).toBeTruthy();
    expect(within(row(2)).getByText('Paused')).toBeTruthy();
    expect(row(2).textContent).toContain(
      'The source site is rate limiting, continuing automatically at ',
    );
    expect(within(row(3)).getByText('Partly completed')).toBeTruthy();
    expect(row(3).textContent).toContain('1/2 images, 1 failed, 2 similar skipped');
    expect(row(3).textContent).toContain('1 image missing (listed in failed.txt inside the ZIP)');
    expect(within(row(3)).getByRole('button', { name: 'Retry failed images' })).toBeTruthy();
    expect(within(row(3)).getByRole('link', { name: 'Save file' })).toBeTruthy();
    expect(within(row(3)).getByText(/^Can be saved until /)).toBeTruthy();
    expect(row(4).textContent).toContain(
      'Download failed: Not enough disk space: about 12.4 GB needed, 3.0 GB left on the downloads disk',
    );
    expectNoCjk(region);
  });

  it('writes sizes with the language’s digits, and the zh-CN text as the server does', () => {
    expect(formatBytes(512, 'zh-CN')).toBe('512 B');
    expect(formatBytes(1536, 'zh-CN')).toBe('1.50 KB');
    expect(formatBytes(12.34 * 1024 * 1024, 'en')).toBe('12.3 MB');
    expect(formatBytes(2.5 * 1024 ** 3, 'de')).toBe('2,50 GB');
  });
});
