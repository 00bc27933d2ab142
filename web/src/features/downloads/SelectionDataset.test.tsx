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
});
