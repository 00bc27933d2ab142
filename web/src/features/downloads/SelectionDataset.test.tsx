import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/helpers';
import {
  creates,
  downloadTwoThumbs,
  episodeScreen,
  STATUS,
  task,
  useDownloadPage,
} from './Downloads.fixtures';

useDownloadPage();

describe('the selection download’s dataset filters', () => {
  it('sends the options chosen in 数据集筛选 with the selection, the selection being one scope', async () => {
    const fetchMock = episodeScreen({ [STATUS]: () => json(200, task({ status: 'running' })) });
    await screen.findByText('共 3 张');
    fireEvent.click(screen.getByRole('button', { name: '数据集筛选（0）' }));
    const dialog = await screen.findByRole('dialog', { name: '数据集筛选' });
    fireEvent.click(within(dialog).getByLabelText(/跳过相似帧/));
    fireEvent.click(within(dialog).getByLabelText('完全相同'));
    fireEvent.click(within(dialog).getByLabelText('纯色画面'));
    // A selection has no episodes to choose between.
    expect(within(dialog).queryByText('比较范围')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: '数据集筛选（2）' })).toBeTruthy();

    await downloadTwoThumbs();
    await waitFor(() => expect(creates(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(creates(fetchMock)[0]![1]!.body))).toMatchObject({
      skip_near_duplicates: true,
      near_duplicate_threshold: 2,
      quality_filters: ['blank'],
    });
  });

  it('lays the selection out as a training tool reads it, with the metadata files, as the whole-work download does', async () => {
    const fetchMock = episodeScreen({ [STATUS]: () => json(200, task({ status: 'running' })) });
    await screen.findByText('共 3 张');
    fireEvent.click(screen.getByRole('button', { name: '数据集筛选（0）' }));
    const dialog = await screen.findByRole('dialog', { name: '数据集筛选' });
    fireEvent.click(within(dialog).getByLabelText('kohya'));
    fireEvent.change(within(dialog).getByLabelText('重复次数'), { target: { value: '4' } });
    // Left empty, the concept name is the file name prefix.
    expect(within(dialog).getByLabelText('概念名').getAttribute('placeholder')).toBe(
      '默认为文件名前缀',
    );
    fireEvent.change(within(dialog).getByLabelText('触发词'), { target: { value: 'nnb_style' } });
    fireEvent.click(within(dialog).getByLabelText(/附带元数据/));
    fireEvent.click(within(dialog).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // kohya and metadata, and the filters kohya turns on by default: near-duplicates and three.
    expect(screen.getByRole('button', { name: '数据集筛选（6）' })).toBeTruthy();

    await downloadTwoThumbs();
    await waitFor(() => expect(creates(fetchMock)).toHaveLength(1));
    const body = JSON.parse(String(creates(fetchMock)[0]![1]!.body));
    expect(body).toMatchObject({
      export: 'kohya',
      kohya_repeats: 4,
      trigger_word: 'nnb_style',
      metadata: true,
    });
    // The filters were left to the layout: not sent, and the server reads them on for kohya.
    expect(body).not.toHaveProperty('skip_near_duplicates');
    expect(body).not.toHaveProperty('quality_filters');
  });
});
