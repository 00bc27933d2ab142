import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { DownloadStatus } from '@capshelf/contract';
import { DOWNLOAD_POLL_MS } from '../../api';
import { firstProgressCall, images, progressAnswer } from '../../test/browseFixtures';
import { downloadList, downloadTask } from '../../test/downloadFixtures';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';

export const EPISODE_URL = 'https://fancaps.net/anime/episodeimages.php?1001';
export const PAGE = '/images/anime/1001';
export const LIST = firstProgressCall(EPISODE_URL);
export const ID = 'task-0000000001';
export const STATUS = `GET /api/download/${ID}/status`;

export const task = (overrides: Partial<DownloadStatus> = {}) =>
  downloadTask({ download_id: ID, ...overrides });

/** hrefs of links the page clicked by itself (the automatic save). */
export let autoClicks: string[] = [];

/** Per test: no stored tray state, automatic saves recorded instead of followed. */
export function useDownloadPage() {
  beforeEach(() => {
    localStorage.clear();
    autoClicks = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      autoClicks.push(this.getAttribute('href') ?? '');
    });
  });
  afterEach(() => vi.restoreAllMocks());
}

/** The tray, opened (it starts as a closed badge). */
export async function panel() {
  const region = await screen.findByRole('region', { name: '下载任务' });
  const badge = within(region).queryByRole('button', { name: /^下载任务/ });
  if (badge) fireEvent.click(badge);
  return region;
}
export const card = (id: number) => document.querySelector<HTMLElement>(`[data-image-id="${id}"]`)!;
export const fileRequests = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/file'));
export const creates = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/download' && init?.method === 'POST');
export const tick = () => act(() => vi.advanceTimersByTimeAsync(DOWNLOAD_POLL_MS));

/** The episode screen with three images, a task list that is empty until a task is created. */
export function episodeScreen(handlers: Parameters<typeof mockApi>[0] = {}) {
  let created = false;
  const fetchMock = mockApi({
    ...signedIn(),
    [LIST]: () => json(200, progressAnswer(images(3))),
    'GET /api/download': () => json(200, downloadList(created ? [task()] : [])),
    'POST /api/download': () => {
      created = true;
      return json(202, { download_id: ID, file_count: 2, status: 'pending' });
    },
    ...handlers,
  });
  renderApp(PAGE);
  return fetchMock;
}

export async function downloadTwoThumbs() {
  await screen.findByText('共 3 张');
  await waitFor(() => expect(card(500002)).toBeTruthy());
  fireEvent.click(screen.getByLabelText('缩略图'));
  fireEvent.click(card(500002));
  fireEvent.click(card(500000));
  fireEvent.click(screen.getByRole('button', { name: '下载选中 (2)' }));
}
