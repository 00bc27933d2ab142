import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { downloadList } from '../../test/downloadFixtures';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { ID, panel, STATUS, task, useDownloadPage } from './Downloads.fixtures';

useDownloadPage();

const GIB = 1024 ** 3;

describe('downloads that stay', () => {
  it('pauses a running task and resumes it from the tray', async () => {
    let state = task({ status: 'running', done_count: 1, file_count: 4 });
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/download': () => json(200, downloadList([state])),
      [STATUS]: () => json(200, state),
      [`POST /api/download/${ID}/pause`]: () => {
        state = task({
          status: 'paused',
          held: true,
          done_count: 1,
          file_count: 4,
          reason: { code: 'USER_PAUSED' },
          pause_reason: '已暂停，点“继续”接着下载',
        });
        return json(200, state);
      },
      [`POST /api/download/${ID}/resume`]: () => {
        state = task({ status: 'pending', done_count: 1, file_count: 4 });
        return json(200, state);
      },
    });
    renderApp('/');
    const region = await panel();
    fireEvent.click(await within(region).findByRole('button', { name: '暂停' }));
    expect(await within(region).findByText('已暂停，点“继续”接着下载')).toBeTruthy();
    // Held by its owner: no time to go on by itself, and no pause button.
    expect(within(region).queryByText(/自动继续/)).toBeNull();
    expect(within(region).queryByRole('button', { name: '暂停' })).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: '继续' }));
    await waitFor(() => expect(within(region).getByText('等待中')).toBeTruthy());
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => url)).toEqual([
      `/api/download/${ID}/pause`,
      `/api/download/${ID}/resume`,
    ]);
  });

  it('says what a task holds, that its archive is kept, and what the user keeps against the quota', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/download': () =>
        json(
          200,
          downloadList(
            [
              task({
                status: 'completed',
                job: 'work',
                work_title: 'Drill',
                episodes_total: 3,
                size: 'compressed',
                layout: 'kohya',
                kept: true,
                file_name: 'Drill_compressed_kohya_ab3d.zip',
              }),
            ],
            { kept_count: 1, kept_bytes: 2 * GIB, library_bytes: GIB, over_quota: true },
          ),
        ),
    });
    renderApp('/');
    const region = await panel();
    expect(await within(region).findByText('Drill · 3 集 · 压缩图 · kohya 格式')).toBeTruthy();
    expect(within(region).getByText('保留至下载')).toBeTruthy();
    expect(
      within(region).getByText(
        /^保留 1 个压缩包 · 已用 3\.00 GB \/ 20\.0 GB（服务器图库 1\.00 GB）$/,
      ),
    ).toBeTruthy();
    expect(within(region).getByRole('status').textContent).toMatch(/超过配额，新的任务将等待/);
  });

  it('opens the tray at the task a notification links to', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/download': () =>
        json(
          200,
          downloadList([
            task({ download_id: 'other-task-0001', status: 'completed' }),
            task({ status: 'failed', error: '没有成功获取任何图片' }),
          ]),
        ),
    });
    const { router } = renderApp(`/?task=${ID}`);
    const linked = await waitFor(() => {
      const item = document.querySelector<HTMLElement>(`[data-download-id="${ID}"]`);
      expect(item).toBeTruthy();
      return item!;
    });
    expect(linked.className).toMatch(/bg-sky-50/);
    // The address loses the parameter, so a reload does not open the tray again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
