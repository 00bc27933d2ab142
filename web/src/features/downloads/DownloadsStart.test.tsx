import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DatasetOptions } from '@capshelf/contract';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { downloadList } from '../../test/downloadFixtures';
import {
  autoClicks,
  creates,
  downloadTwoThumbs,
  episodeScreen,
  fileRequests,
  ID,
  panel,
  STATUS,
  task,
  tick,
  useDownloadPage,
} from './Downloads.fixtures';

useDownloadPage();

describe('starting a download', () => {
  it('asks for a selection first and sends nothing', async () => {
    const fetchMock = episodeScreen();
    await screen.findByText('共 3 张');
    fireEvent.click(screen.getByRole('button', { name: '下载选中 (0)' }));
    expect(await screen.findByText('请先选择要下载的图片')).toBeTruthy();
    expect(creates(fetchMock)).toHaveLength(0);
  });

  it('sends the chosen size in grid order with the title prefix and shows the task', async () => {
    const fetchMock = episodeScreen({ [STATUS]: () => json(200, task({ status: 'running' })) });
    await downloadTwoThumbs();

    expect(await screen.findByText('下载任务已创建：共 2 张图片，进度见下载任务')).toBeTruthy();
    expect(creates(fetchMock)).toHaveLength(1);
    expect(JSON.parse(String(creates(fetchMock)[0]![1]!.body))).toEqual({
      image_urls: [
        '/api/images/500000.jpg?size=thumb&kind=anime',
        '/api/images/500002.jpg?size=thumb&kind=anime',
      ],
      filename_prefix: 'Non Non Biyori - Episode 1',
      size: 'thumb',
      // The selection's dataset options, each at the contract's default.
      ...DatasetOptions.parse({}),
    });
    const region = await panel();
    expect(
      await within(region).findByText('Non_Non_Biyori_Episode_1_original_2img_k7qa.zip'),
    ).toBeTruthy();
    expect(within(region).getByText('等待中')).toBeTruthy();
  });

  it('shows the server detail when three tasks already run', async () => {
    episodeScreen({
      'POST /api/download': () =>
        json(429, {
          detail: '最多同时进行 3 个下载任务，请等待之前的任务完成',
          code: 'TOO_MANY_REQUESTS',
        }),
    });
    await downloadTwoThumbs();
    expect(
      await screen.findByText('下载失败: 最多同时进行 3 个下载任务，请等待之前的任务完成'),
    ).toBeTruthy();
  });

  it('says how many image URLs the server refused', async () => {
    episodeScreen({
      'POST /api/download': () =>
        json(400, { code: 'VALIDATION_FAILED', refused: ['http://a.example/1.jpg', 'x'] }),
    });
    await downloadTwoThumbs();
    expect(await screen.findByText('下载失败: 有 2 个图片地址被拒绝')).toBeTruthy();
  });
});

describe('downloads panel', () => {
  it('polls every 2 s until completed, then saves through a plain link once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      task({ status: 'running', done_count: 1, bytes_written: 1536 }),
      task({ status: 'completed', done_count: 1, failed_count: 1, bytes_written: 2048 }),
    ];
    const fetchMock = episodeScreen({ [STATUS]: () => json(200, answers.shift() ?? task()) });
    await downloadTwoThumbs();
    const region = await panel();
    await within(region).findByText('等待中');

    await tick();
    const bar = await within(region).findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('1'));
    expect(bar.getAttribute('aria-valuemax')).toBe('2');
    expect(within(region).getByText('下载中')).toBeTruthy();
    expect(within(region).getByText('50% · 1/2 张 · 1.50 KB')).toBeTruthy();

    await tick();
    const save = await within(region).findByRole('link', { name: '保存文件' });
    expect(save.getAttribute('href')).toBe(`/api/download/${ID}/file`);
    expect(save.hasAttribute('download')).toBe(true);
    expect(within(region).getByText('100% · 1/2 张，失败 1 张 · 2.00 KB')).toBeTruthy();
    expect(autoClicks).toEqual([`/api/download/${ID}/file`]);

    // Finished: no more status reads, and the page never fetched the ZIP itself.
    const reads = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/status')).length;
    await tick();
    await tick();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/status'))).toHaveLength(
      reads,
    );
    expect(fileRequests(fetchMock)).toHaveLength(0);
  });

  it('reports a failed task', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    episodeScreen({
      [STATUS]: () =>
        json(200, task({ status: 'failed', failed_count: 2, error: '全部图片均未能下载' })),
    });
    await downloadTwoThumbs();
    await within(await panel()).findByText('等待中');
    await tick();
    expect(await screen.findAllByText('下载失败: 全部图片均未能下载')).toHaveLength(2);
    expect(within(await panel()).getByText('失败')).toBeTruthy();
    expect(autoClicks).toEqual([]);
  });

  it('restores tasks after a reload without saving finished ones again', async () => {
    sessionStorage.clear();
    const fetchMock = mockApi({
      ...signedIn(),
      'GET /api/download': () =>
        json(
          200,
          downloadList([
            task({ download_id: 'task-0000000002', status: 'running', file_name: 'b.zip' }),
            task({ status: 'completed', done_count: 2, file_name: 'a.zip' }),
          ]),
        ),
      'GET /api/download/task-0000000002/status': () => json(200, task({ status: 'running' })),
    });
    renderApp('/');
    const region = await panel();
    expect(await within(region).findByText('a.zip')).toBeTruthy();
    expect(within(region).getByText('b.zip')).toBeTruthy();
    expect(within(region).getByRole('link', { name: '保存文件' }).getAttribute('href')).toBe(
      `/api/download/${ID}/file`,
    );
    expect(within(region).getByRole('heading', { name: /下载任务 \(2\)/ })).toBeTruthy();
    expect(autoClicks).toEqual([]);
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/download/${ID}/status`)).toBe(false);
  });
});
