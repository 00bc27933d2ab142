import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { downloadList } from '../../test/downloadFixtures';
import { ID, panel, STATUS, task, useDownloadPage } from './Downloads.fixtures';
import { TRAY_KEY } from './useTrayOpen';

useDownloadPage();

describe('downloads panel', () => {
  it('starts as a badge, opens on demand, and stays closed after a reload once closed', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/download': () => json(200, downloadList([task({ status: 'completed' })])),
    });
    const { unmount } = renderApp('/');
    const region = await screen.findByRole('region', { name: '下载任务' });
    const badge = within(region).getByRole('button', { name: /下载任务 \(1\)/ });
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: '保存文件' })).toBeNull();
    fireEvent.click(badge);
    expect(await within(region).findByRole('link', { name: '保存文件' })).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: '收起下载任务' }));
    expect(screen.queryByRole('link', { name: '保存文件' })).toBeNull();
    unmount();

    renderApp('/');
    const again = await screen.findByRole('region', { name: '下载任务' });
    expect(
      within(again)
        .getByRole('button', { name: /下载任务/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('opens as a sheet below a wide screen: Escape or a tap beside it closes it, a reload does not reopen it', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/download': () => json(200, downloadList([task({ status: 'completed' })])),
    });
    renderApp('/');
    const region = await screen.findByRole('region', { name: '下载任务' });
    fireEvent.click(within(region).getByRole('button', { name: /^下载任务/ }));
    // A sheet takes focus, like a dialog.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(region).getByRole('button', { name: '收起下载任务' }),
      ),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape' });
    expect(within(region).queryByRole('link', { name: '保存文件' })).toBeNull();

    fireEvent.click(within(region).getByRole('button', { name: /^下载任务/ }));
    expect(within(region).getByRole('link', { name: '保存文件' })).toBeTruthy();
    fireEvent.click(region.previousElementSibling!);
    expect(within(region).queryByRole('link', { name: '保存文件' })).toBeNull();

    // Opened again, it is not remembered: the next visit starts with the button.
    fireEvent.click(within(region).getByRole('button', { name: /^下载任务/ }));
    expect(localStorage.getItem(TRAY_KEY)).not.toBe('open');
    fireEvent.click(within(region).getByRole('button', { name: '收起下载任务' }));
  });

  it('stays out of the way when there are no tasks', async () => {
    mockApi({ ...signedIn(), 'GET /api/download': () => json(200, downloadList([])) });
    renderApp('/');
    await screen.findByText('alice@example.com');
    expect(screen.queryByRole('region', { name: '下载任务' })).toBeNull();
  });

  it('cancels a running task and removes finished ones, one or all', async () => {
    let rows = [
      task({ status: 'running', done_count: 1, eta_seconds: 125, file_name: 'run.zip' }),
      task({ download_id: 'task-0000000002', status: 'completed', file_name: 'done.zip' }),
    ];
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/download': () => json(200, downloadList(rows)),
      [STATUS]: () => json(200, rows[0]),
      [`POST /api/download/${ID}/cancel`]: () => {
        rows = [{ ...rows[0]!, status: 'cancelled' }, rows[1]!];
        return json(200, rows[0]);
      },
      'DELETE /api/download/task-0000000002': () => {
        rows = [rows[0]!];
        return json(200, { message: '已移除' });
      },
      'DELETE /api/download': () => {
        rows = [];
        return json(200, { message: '已移除 1 个已结束的任务' });
      },
    });
    renderApp('/');
    const region = await panel();
    expect(await within(region).findByText('50% · 1/2 张 · 剩余 约 2 分钟')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: '取消' }));
    expect(await within(region).findByText('已取消')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === `/api/download/${ID}/cancel` && init?.method === 'POST',
      ),
    ).toBe(true);

    fireEvent.click(within(region).getByRole('button', { name: '移除 done.zip' }));
    await waitFor(() => expect(within(region).queryByText('done.zip')).toBeNull());
    fireEvent.click(within(region).getByRole('button', { name: '清除已结束' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: '下载任务' })).toBeNull());
  });

  it('says a whole work is reading its episode lists before it knows its images, and greys a cancelled bar', async () => {
    const listing = task({ status: 'running', job: 'work', file_count: 0, episodes_total: 3 });
    mockApi({
      ...signedIn(),
      'GET /api/download': () =>
        json(
          200,
          downloadList([
            listing,
            task({
              download_id: 'task-0000000002',
              status: 'cancelled',
              done_count: 1,
              reason: { code: 'CANCELLED' },
            }),
          ]),
        ),
      [STATUS]: () => json(200, listing),
    });
    renderApp('/');
    const region = await panel();
    expect(await within(region).findByText('0% · 正在读取剧集列表')).toBeTruthy();
    const cancelled = region.querySelector('[data-download-id="task-0000000002"]')!;
    expect(cancelled.querySelector('[role="progressbar"] > div')!.className).toContain(
      'bg-slate-400',
    );
  });

  it('shows a paused task with its reason, and a partial one with what is missing and a retry', async () => {
    const retried: string[] = [];
    mockApi({
      ...signedIn(),
      'GET /api/download': () =>
        json(
          200,
          downloadList([
            task({
              status: 'paused',
              file_name: 'paused.zip',
              pause_reason: '源站暂时无法访问，30 秒后自动重试',
              resume_at: '2026-01-01T08:00:30Z',
              reason: { code: 'SOURCE_UNREACHABLE', seconds: 30 },
            }),
            task({
              download_id: 'task-0000000002',
              status: 'partial',
              file_name: 'partial.zip',
              done_count: 1,
              failed_count: 1,
            }),
          ]),
        ),
      [STATUS]: () =>
        json(200, task({ status: 'paused', pause_reason: '源站暂时无法访问，30 秒后自动重试' })),
      'POST /api/download/task-0000000002/retry': () => {
        retried.push('task-0000000002');
        return json(200, task({ download_id: 'task-0000000002', status: 'pending' }));
      },
    });
    renderApp('/');
    const region = await panel();
    // The clock time it goes on, not the seconds counted from the moment it paused.
    const paused = await within(region).findByText(/^源站暂时无法访问，.+ 自动继续$/);
    expect(paused.textContent).not.toMatch(/30 秒/);
    expect(within(region).getByText('已暂停')).toBeTruthy();
    expect(within(region).getByText('缺少 1 张图片（清单见压缩包内 failed.txt）')).toBeTruthy();
    expect(within(region).getAllByRole('link', { name: '保存文件' })).toHaveLength(1);
    fireEvent.click(within(region).getByRole('button', { name: '重试失败项' }));
    await waitFor(() => expect(retried).toEqual(['task-0000000002']));
  });

  it('shows a whole-work job episode by episode', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/download': () =>
        json(
          200,
          downloadList([
            task({
              status: 'completed',
              job: 'work',
              file_count: 70,
              done_count: 70,
              episodes_total: 2,
              episodes_done: 2,
              episodes: [
                { id: 1, title: 'Episode 1', total: 30, done: 30, failed: 0, skipped: 0 },
                { id: 2, title: 'Episode 2', total: 40, done: 38, failed: 0, skipped: 2 },
              ],
            }),
          ]),
        ),
    });
    renderApp('/');
    const region = await panel();
    fireEvent.click(await within(region).findByText('分集进度 (2/2 集)'));
    const list = within(region).getByRole('list', { name: '分集进度' });
    expect(list.textContent).toContain('Episode 130/30');
    expect(list.textContent).toContain('Episode 240/40');
  });
});
