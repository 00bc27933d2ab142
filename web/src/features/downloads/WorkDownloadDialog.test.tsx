import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { episode, episodesResponse } from '../../test/browseFixtures';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { downloadList } from '../../test/downloadFixtures';

const PAGE = '/episodes/anime/10435?q=non';
const three = [episode(1), episode(2), episode(3)];

function workScreen(storage: Parameters<typeof downloadList>[1] = {}) {
  const fetchMock = mockApi({
    ...signedIn(),
    'POST /api/episodes': () => json(200, episodesResponse(three)),
    'GET /api/download': () => json(200, downloadList([], storage)),
    'POST /api/download/work': () =>
      json(202, {
        download_id: 'task-0000000009',
        file_count: 0,
        status: 'pending',
        episodes_total: 2,
        episodes_done: 0,
      }),
  });
  renderApp(PAGE);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/download/work')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

describe('下载整部', () => {
  it('starts one task for the chosen episodes with the dataset options', async () => {
    const fetchMock = workScreen();
    await screen.findByText('共 3 集', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '下载整部' }));
    const dialog = await screen.findByRole('dialog', { name: /下载整部/ }, { timeout: 5000 });
    fireEvent.click(within(dialog).getByLabelText('缩略图'));
    fireEvent.click(within(dialog).getByLabelText('Episode 2'));
    fireEvent.click(within(dialog).getByLabelText(/跳过相似帧/));
    fireEvent.click(within(dialog).getByLabelText('宽松'));
    fireEvent.click(within(dialog).getByLabelText('每集分别'));
    fireEvent.click(within(dialog).getByLabelText('模糊'));
    fireEvent.click(within(dialog).getByLabelText('过暗'));
    fireEvent.click(within(dialog).getByLabelText(/附带元数据/));
    fireEvent.click(within(dialog).getByRole('button', { name: '开始下载（2 集）' }));

    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(sent(fetchMock)[0]).toEqual({
      work_url: '10435',
      kind: 'anime',
      episode_ids: [three[0]!.id, three[2]!.id],
      size: 'thumb',
      skip_near_duplicates: true,
      near_duplicate_threshold: 10,
      near_duplicate_scope: 'episode',
      // In the filters' own order, whatever order they were ticked in.
      quality_filters: ['dark', 'blurry'],
      // The dialog holds the contract's whole options object and sends it as it stands.
      metadata: true,
      export: 'plain',
      kohya_repeats: 10,
      trigger_word: '',
      destination: 'zip',
    });
    expect(await screen.findByText('整部下载任务已创建：共 2 集，进度见下载任务')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a dataset layout turns the filters on until the user sets them; a plain ZIP keeps every frame', async () => {
    const fetchMock = workScreen();
    await screen.findByText('共 3 集', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '下载整部' }));
    const dialog = await screen.findByRole('dialog', { name: /下载整部/ }, { timeout: 5000 });
    const checked = (label: RegExp | string) =>
      (within(dialog).getByLabelText(label) as HTMLInputElement).checked;
    const filters = () => [/跳过相似帧/, '过暗', '纯色画面', '模糊'].map(checked);
    expect(filters()).toEqual([false, false, false, false]);
    fireEvent.click(within(dialog).getByLabelText('kohya'));
    expect(filters()).toEqual([true, true, true, true]);
    fireEvent.click(within(dialog).getByLabelText('Hugging Face'));
    expect(filters()).toEqual([true, true, true, true]);
    // A filter the user set stays as they set it; the one they did not still follows the layout.
    fireEvent.click(within(dialog).getByLabelText('模糊'));
    fireEvent.click(within(dialog).getByLabelText('普通'));
    expect(filters()).toEqual([false, true, true, false]);
    fireEvent.click(within(dialog).getByLabelText('kohya'));
    fireEvent.click(within(dialog).getByRole('button', { name: '开始下载（3 集）' }));
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(sent(fetchMock)[0]).toMatchObject({
      export: 'kohya',
      quality_filters: ['dark', 'blank'],
    });
    // Not sent: the server reads it from the layout, as the dialog showed it (on for kohya).
    expect(sent(fetchMock)[0]).not.toHaveProperty('skip_near_duplicates');
  });

  it("says 标签：已开启 with the server's tagger model, and nothing without one", async () => {
    workScreen({ tagger_model: 'wd-eva02-large-tagger-v3' });
    await screen.findByText('共 3 集', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '下载整部' }));
    const dialog = await screen.findByRole('dialog', { name: /下载整部/ }, { timeout: 5000 });
    expect(
      await within(dialog).findByText('标签：已开启（wd-eva02-large-tagger-v3）'),
    ).toBeTruthy();
  });

  it('shows no tag badge when the server has no tagger', async () => {
    const fetchMock = workScreen();
    await screen.findByText('共 3 集', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '下载整部' }));
    const dialog = await screen.findByRole('dialog', { name: /下载整部/ }, { timeout: 5000 });
    // Once the download list (which would name the model) has answered.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/download')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByText(/标签/)).toBeNull();
  });

  it('sends no episode list when every episode is chosen, and nothing when none is', async () => {
    const fetchMock = workScreen();
    await screen.findByText('共 3 集', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '下载整部' }));
    const dialog = await screen.findByRole('dialog', { name: /下载整部/ }, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: '全不选' }));
    expect(
      (within(dialog).getByRole('button', { name: /开始下载/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '全选' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '开始下载（3 集）' }));
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(sent(fetchMock)[0]).not.toHaveProperty('episode_ids');
    expect(sent(fetchMock)[0]).toMatchObject({ size: 'original', export: 'plain' });
    // Filters left as they were follow the layout: off for a plain ZIP, on the server too.
    expect(sent(fetchMock)[0]).not.toHaveProperty('skip_near_duplicates');
    expect(sent(fetchMock)[0]).not.toHaveProperty('quality_filters');
  });

  it('offers the presets 完全相同, 同一镜头 (the default) and 宽松, or any number from 0 to 64', async () => {
    const fetchMock = workScreen();
    await screen.findByText('共 3 集', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '下载整部' }));
    const dialog = await screen.findByRole('dialog', { name: /下载整部/ }, { timeout: 5000 });
    fireEvent.click(within(dialog).getByLabelText(/跳过相似帧/));
    expect((within(dialog).getByLabelText('同一镜头') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText(/整部作品/) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByLabelText(/相似度阈值/)).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('自定义'));
    fireEvent.change(within(dialog).getByLabelText(/相似度阈值/), { target: { value: '99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '开始下载（3 集）' }));
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(sent(fetchMock)[0]).toMatchObject({
      skip_near_duplicates: true,
      near_duplicate_threshold: 64,
      near_duplicate_scope: 'work',
    });
  });

  it('lays the archive out for kohya with its repeats, name and trigger word', async () => {
    const fetchMock = workScreen();
    await screen.findByText('共 3 集', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: '下载整部' }));
    const dialog = await screen.findByRole('dialog', { name: /下载整部/ }, { timeout: 5000 });
    expect(within(dialog).queryByLabelText('重复次数')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('kohya'));
    fireEvent.change(within(dialog).getByLabelText('重复次数'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('概念名'), { target: { value: ' non ' } });
    fireEvent.change(within(dialog).getByLabelText('触发词'), { target: { value: 'nnb_style' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '开始下载（3 集）' }));
    await waitFor(() => expect(sent(fetchMock)).toHaveLength(1));
    expect(sent(fetchMock)[0]).toMatchObject({
      export: 'kohya',
      kohya_repeats: 1,
      // As typed: the server trims it.
      kohya_name: ' non ',
      trigger_word: 'nnb_style',
    });
  });
});
