import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../../test/helpers';
import { operationLog } from '../operationLog';

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const latest = () => screen.getByRole('list', { name: '最新日志' });

afterEach(() => vi.restoreAllMocks());

async function openPage() {
  mockApi({
    ...signedIn(),
    'GET /api/images/cache-stats': () =>
      json(200, { total_images: 1, size_bytes: 1, size_human: '1 B' }),
  });
  renderApp('/operation-log-test');
  expect(await screen.findByRole('heading', { name: '操作日志测试' })).toBeTruthy();
}

describe('operation-log test page', () => {
  it('shows the current user and fires a sample of each kind', async () => {
    await openPage();
    expect(screen.getByText('当前用户：alice@example.com（ID：7）')).toBeTruthy();

    for (const name of ['基础日志', '用户操作', '收藏操作', '下载操作', '页面导航', '认证操作']) {
      click(name);
    }
    const kinds = operationLog.entries().map((entry) => entry.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['basic', 'user', 'favorite', 'download', 'navigation', 'auth']),
    );
    expect(within(latest()).getByText('基础日志示例')).toBeTruthy();

    click('API 调用');
    expect(await within(latest()).findByText(/GET \/images\/cache-stats → 200/)).toBeTruthy();

    click('分步流程模拟');
    expect(screen.getByRole('button', { name: '分步流程模拟' })).toHaveProperty('disabled', true);
    expect(await within(latest()).findByText('分步流程完成')).toBeTruthy();
    expect(within(latest()).getByText('步骤 4/4：打包下载')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '分步流程模拟' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
  });

  it('shows stats, clears the history and switches logging off and on', async () => {
    await openPage();
    click('基础日志');
    click('显示统计');
    const stats = screen.getByRole('region', { name: '日志统计' });
    expect(within(stats).getByText('总计').nextSibling!.textContent).toBe(
      String(operationLog.entries().length),
    );

    click('清空历史');
    expect(screen.getByText('暂无日志')).toBeTruthy();
    expect(within(stats).getByText('总计').nextSibling!.textContent).toBe('0');

    click('关闭日志');
    expect(localStorage.getItem('capshelf.logger.enabled')).toBe('false');
    click('基础日志');
    expect(operationLog.entries()).toHaveLength(0);
    click('开启日志');
    click('基础日志');
    expect(operationLog.entries()).toHaveLength(1);
  });

  it('exports the history as a dated JSON file', async () => {
    await openPage();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:log');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    click('导出日志');
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^operation-log-\d{4}-\d{2}-\d{2}\.json$/);
  });
});
