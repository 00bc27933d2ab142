import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';
import { episode, episodesResponse, images, progressAnswer } from '../../test/browseFixtures';
import { PAGE, PROGRESS } from '../images/ImageBrowser.fixtures';

const barakamon = { chinese_name: '元气囝仔', original_title: 'ばらかもん', year: 2014 };
const named = { ...barakamon, ref: '83868', matched_by: 'search' as const };
const calls = (mock: ReturnType<typeof mockApi>, method: string, url: string) =>
  mock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);

describe('works’ Chinese names on the episode list', () => {
  it('hands the name a result was found by to the server once, and shows the name it answers', async () => {
    let title: typeof named | null = null;
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/episodes': () =>
        json(200, { ...episodesResponse([episode(1)]), chinese_title: title }),
      'POST /api/work-titles/opened': () => {
        title = named;
        return json(200, { chinese_title: named });
      },
    });
    renderApp('/episodes/10435-Non_Non_Biyori?title=Non&contentType=anime&zh=83868');

    expect(await screen.findByText('元气囝仔')).toBeTruthy();
    const sent = calls(fetchMock, 'POST', '/api/work-titles/opened');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]![1]!.body))).toEqual({
      kind: 'anime',
      id: 10435,
      ref: '83868',
    });
    // A user sees the name but no way to change it.
    expect(screen.queryByRole('button', { name: '更正中文名' })).toBeNull();
  });

  it('sends nothing without a name in the address', async () => {
    const fetchMock = mockApi({
      ...signedIn(),
      'POST /api/episodes': () => json(200, episodesResponse([episode(1)])),
    });
    renderApp('/episodes/10435-Non_Non_Biyori?title=Non&contentType=anime');
    await screen.findByText('共 1 集');
    expect(calls(fetchMock, 'POST', '/api/work-titles/opened')).toHaveLength(0);
  });

  it('lets an admin pick another work of the title table, or remove the name', async () => {
    let title: typeof named | null = named;
    const fetchMock = mockApi({
      ...signedIn({ ...testUser, role: 'admin' }),
      'POST /api/episodes': () =>
        json(200, { ...episodesResponse([episode(1)]), chinese_title: title }),
      [`GET /api/search/titles?q=${encodeURIComponent('进击')}`]: () =>
        json(200, {
          suggestions: [
            {
              chinese_name: '进击的巨人',
              ref: '55770',
              original_title: '進撃の巨人',
              year: 2013,
              type: 'tv',
            },
          ],
        }),
      'PUT /api/admin/work-titles/anime/10435': () => {
        title = {
          ...named,
          chinese_name: '进击的巨人',
          ref: '55770',
          matched_by: 'admin' as never,
        };
        return json(200, { chinese_title: title });
      },
      'DELETE /api/admin/work-titles/anime/10435': () => {
        title = null;
        return json(200, { chinese_title: null });
      },
    });
    renderApp('/episodes/10435-Non_Non_Biyori?title=Non&contentType=anime');

    fireEvent.click(await screen.findByRole('button', { name: '更正中文名' }));
    const dialog = await screen.findByRole('dialog', { name: '这部作品的中文名' });
    fireEvent.change(within(dialog).getByLabelText('中文或日文名'), { target: { value: '进击' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: /进击的巨人/ }));
    await waitFor(() =>
      expect(calls(fetchMock, 'PUT', '/api/admin/work-titles/anime/10435')).toHaveLength(1),
    );
    const put = calls(fetchMock, 'PUT', '/api/admin/work-titles/anime/10435')[0]!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ ref: '55770' });
    expect(await screen.findByText('进击的巨人')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '更正中文名' }));
    fireEvent.click(await screen.findByRole('button', { name: '移除中文名' }));
    await waitFor(() => expect(screen.queryByText('进击的巨人')).toBeNull());
    // With no name, the admin may add one.
    expect(await screen.findByRole('button', { name: '添加中文名' })).toBeTruthy();
  });

  it('shows the work’s name on its images page too, where an admin may correct it', async () => {
    mockApi({
      ...signedIn({ ...testUser, role: 'admin' }),
      [PROGRESS]: () => json(200, progressAnswer(images(3), { chinese_title: named })),
    });
    renderApp(PAGE);
    await screen.findByText('共 3 张');
    expect(screen.getByText('元气囝仔')).toBeTruthy();
    expect(screen.getByRole('button', { name: '更正中文名' })).toBeTruthy();
  });
});
