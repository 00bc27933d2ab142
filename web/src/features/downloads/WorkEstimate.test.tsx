import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WorkDownloadEstimate } from '@capshelf/contract';
import { episode, episodesResponse } from '../../test/browseFixtures';
import { cdnStatus, WITH_COMPRESSED, downloadList } from '../../test/downloadFixtures';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';

const PAGE = '/episodes/anime/10435?q=non';
const three = [episode(1), episode(2), episode(3)];

const answer = (overrides: Partial<WorkDownloadEstimate> = {}): WorkDownloadEstimate => ({
  size: 'original',
  episodes: 3,
  episodes_known: 1,
  images: 750,
  approximate: true,
  cached_images: 40,
  bytes: 450 * 1024 * 1024,
  seconds: 300,
  limit_reached: null,
  ...overrides,
});

/** Opens 下载整部 with the estimate endpoint answering `estimate` for each request body. */
async function openDialog(estimate: (body: Record<string, unknown>) => WorkDownloadEstimate) {
  const fetchMock = mockApi({
    ...signedIn(),
    'POST /api/episodes': () => json(200, episodesResponse(three)),
    'GET /api/download': () => json(200, downloadList([])),
    'GET /api/images/cdn-status': () => json(200, cdnStatus(WITH_COMPRESSED)),
    'POST /api/download/work/estimate': (body) =>
      json(200, estimate(body as Record<string, unknown>)),
  });
  renderApp(PAGE);
  await screen.findByText('共 3 集', undefined, { timeout: 5000 });
  fireEvent.click(screen.getByRole('button', { name: '下载整部' }));
  const dialog = await screen.findByRole('dialog', { name: /下载整部/ }, { timeout: 5000 });
  return { fetchMock, dialog };
}

const start = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /开始下载/ }) as HTMLButtonElement;

describe('下载整部: the estimate before starting', () => {
  it('shows images, size and time, approximate while some episodes are unread', async () => {
    const { dialog, fetchMock } = await openDialog((body) =>
      body.size === 'thumb'
        ? answer({
            size: 'thumb',
            images: 900,
            approximate: false,
            episodes_known: 3,
            bytes: 27e6,
            seconds: 0,
          })
        : answer(),
    );
    const text = () => within(dialog).getByTestId('work-estimate').textContent;
    await waitFor(() =>
      expect(text()).toBe(
        '约 750 张（已缓存 40 张；按已读取列表的 1/3 集推算）· 约 450.0 MB · 按当前速度约 5 分钟',
      ),
    );
    // The offered sizes are the hosts'; another size is estimated anew.
    expect(within(dialog).getByLabelText('压缩图')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('缩略图'));
    await waitFor(() =>
      expect(text()).toBe('共 900 张（已缓存 40 张）· 25.7 MB · 按当前速度无需等待'),
    );
    const asked = fetchMock.mock.calls.filter(([url]) => url === '/api/download/work/estimate');
    expect(JSON.parse(String(asked.at(-1)![1]!.body))).toEqual({
      work_url: '10435',
      kind: 'anime',
      size: 'thumb',
    });
    expect(start(dialog).disabled).toBe(false);
  });

  it('says unknown when no episode is read yet', async () => {
    const { dialog } = await openDialog(() =>
      answer({ episodes_known: 0, images: null, bytes: null, seconds: null }),
    );
    expect(
      await within(dialog).findByText(/图片数量未知：所选剧集的图片列表尚未读取/),
    ).toBeTruthy();
  });

  it('says up front when the job limit is reached, and 开始 stays disabled', async () => {
    const { dialog } = await openDialog(() => answer({ limit_reached: { kind: 'work', max: 1 } }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '已有 1 个整部下载任务在进行，请等它完成或取消后再开始。',
    );
    expect(start(dialog).disabled).toBe(true);
  });
});
