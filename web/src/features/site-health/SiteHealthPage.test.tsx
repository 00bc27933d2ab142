import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  CacheOverview,
  SiteHealthActionResponse,
  SiteHealthResponse,
} from '@capshelf/contract';
import { json, mockApi, renderApp, signedIn, testUser } from '../../test/helpers';

const admin = { ...testUser, role: 'admin' as const };
const CHROME = {
  user_agent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.0.0 Safari/537.36',
  sec_ch_ua: '"Not=A?Brand";v="99", "Google Chrome";v="151", "Chromium";v="151"',
  platform: '"Windows"',
};

/** An image cache with nothing evicted yet, changed by `overrides`. */
function cacheOverview(overrides: Partial<CacheOverview>): CacheOverview {
  return {
    images: 10,
    files: 10,
    size_bytes: 5 * 1024 ** 2,
    max_bytes: null,
    min_free_bytes: 0,
    free_bytes: 20 * 1024 ** 3,
    disk_bytes: 100 * 1024 ** 3,
    evicted_files: 0,
    evicted_bytes: 0,
    last_evicted_at: null,
    ...overrides,
  };
}

function health(overrides: Partial<SiteHealthResponse> = {}): SiteHealthResponse {
  return {
    hosts: [
      {
        host: 'fancaps.net',
        role: 'pages',
        state: 'challenged',
        cooling_until: '2026-11-23T12:00:00.000Z',
        requests_last_hour: 3,
        requests_last_day: 40,
        recent: [{ at: '2026-11-23T11:50:00.000Z', outcome: 'challenged', status: 403 }],
        profile: null,
      },
      {
        host: 'ant.fancaps.net',
        role: 'images',
        state: 'ok',
        cooling_until: null,
        requests_last_hour: 12,
        requests_last_day: 300,
        recent: [],
        profile: 'firefox144',
      },
    ],
    clearance: {
      source: null,
      obtained_at: null,
      cookie_masked: null,
      user_agent: null,
      challenged_at: '2026-11-23T11:50:00.000Z',
      challenge_reason: 'no_browser',
      last_check: null,
    },
    solver: {
      mode: 'auto',
      browser_installed: false,
      timeout_ms: 30_000,
      solves: 0,
      failures: 1,
      last_solve_at: '2026-11-23T11:50:00.000Z',
      next_try_at: '2026-11-23T11:51:00.000Z',
    },
    pacing: {
      pages: { concurrency: 1, spacing_ms: 1000 },
      thumbs: { concurrency: 6, spacing_ms: 25 },
      full: { concurrency: 3, spacing_ms: 350 },
      jitter_ms: 500,
      cooldown_ms: 600_000,
      retries: 2,
      timeout_ms: 20_000,
    },
    cache: {
      listings: { hits: 3, misses: 1, hit_rate: 0.75 },
      images: { hits: 0, misses: 0, hit_rate: null },
    },
    identity: {
      transport: CHROME,
      solver: CHROME,
      engine: 'Chromium 156.0.8078.108',
      differences: [],
    },
    image_hosts: [
      {
        host: 'ancdn.example',
        sizes: ['small'],
        state: 'down',
        down_until: '2026-11-23T12:00:00.000Z',
        failures_in_a_row: 3,
        last_error: 'connection refused',
        last_failure_at: '2026-11-23T11:50:00.000Z',
      },
    ],
    ...overrides,
  };
}

describe('site-health page', () => {
  it('shows each host, why the site is blocked, the pacing and the cache hit rates', async () => {
    mockApi({ ...signedIn(admin), 'GET /api/admin/site-health': () => json(200, health()) });
    renderApp('/site-health');
    const [pages, images] = await screen.findAllByTestId('site-host', {}, { timeout: 5000 });
    expect(within(pages!).getByTestId('host-state').textContent).toContain('被人机验证拦截');
    expect(pages!.textContent).toContain('最近一小时 3 次请求');
    expect(within(images!).getByTestId('host-state').textContent).toBe('正常');
    expect(screen.getByRole('alert').textContent).toContain('没有安装 Chromium');
    expect(screen.getByText(/apt-get install chromium/)).toBeTruthy();
    // When the solver tries again (it backs off after failures).
    expect(screen.getByText('下次自动验证')).toBeTruthy();
    expect(screen.getByText(/间隔逐次加倍，最长 10 分钟/)).toBeTruthy();
    expect(screen.getByText(/75%（命中 3，未命中 1）/)).toBeTruthy();
    expect(screen.getByText('间隔 1000 毫秒，并发 1')).toBeTruthy();
    // Nothing stored yet: nothing to clear.
    expect(screen.getByRole('button', { name: '清除凭据' }).hasAttribute('disabled')).toBe(true);
    // An image host the store learnt is down is named, with its failures.
    expect(screen.getByText('ancdn.example')).toBeTruthy();
    expect(screen.getByText(/连续 3 次失败/)).toBeTruthy();
  });

  it('stores a pasted clearance and shows it masked with the new state', async () => {
    let sent: unknown;
    const pasted: SiteHealthActionResponse = {
      check: { ok: true, reason: null, message: '验证通过：源站接受当前的 Cookie 和 User-Agent' },
      health: health({
        hosts: [{ ...health().hosts[0]!, state: 'ok', cooling_until: null }],
        clearance: {
          source: 'pasted',
          obtained_at: '2026-11-23T11:55:00.000Z',
          cookie_masked: 'cf_clearance=AbCd…',
          user_agent: 'Mozilla/5.0 Test',
          challenged_at: null,
          challenge_reason: null,
          last_check: null,
        },
      }),
    };
    mockApi({
      ...signedIn(admin),
      'GET /api/admin/site-health': () => json(200, health()),
      'PUT /api/admin/site-health/clearance': (body) => {
        sent = body;
        return json(200, pasted);
      },
    });
    renderApp('/site-health');
    fireEvent.change(await screen.findByLabelText('Cookie'), {
      target: { value: 'cf_clearance=AbCdEfGhIjKlMnOp' },
    });
    fireEvent.change(screen.getByLabelText('User-Agent'), {
      target: { value: 'Mozilla/5.0 Test' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存并验证' }));
    await waitFor(() => expect(screen.getByText('cf_clearance=AbCd…')).toBeTruthy());
    expect(sent).toEqual({
      cookie: 'cf_clearance=AbCdEfGhIjKlMnOp',
      user_agent: 'Mozilla/5.0 Test',
    });
    expect(screen.getByText('管理员粘贴')).toBeTruthy();
    expect(
      within(screen.getAllByTestId('site-host')[0]!).getByTestId('host-state').textContent,
    ).toBe('正常');
  });
  it('writes the last 立即验证 and its result on the card, where it stays', async () => {
    const message = '站点可以访问，无需验证';
    const checked = health({
      hosts: [{ ...health().hosts[0]!, state: 'ok', cooling_until: null }],
      clearance: {
        ...health().clearance,
        challenged_at: null,
        challenge_reason: null,
        last_check: { ok: true, reason: null, message, at: '2026-11-23T12:05:00.000Z' },
      },
    });
    let verified = false;
    mockApi({
      ...signedIn(admin),
      'GET /api/admin/site-health': () => json(200, verified ? checked : health()),
      'POST /api/admin/site-health/verify': () => {
        verified = true;
        return json(200, { check: { ok: true, reason: null, message }, health: checked });
      },
    });
    renderApp('/site-health');
    const before = await screen.findByText('上次检查', {}, { timeout: 5000 });
    expect(before.nextElementSibling?.textContent).toBe('本次启动以来尚未检查（点“立即验证”）');
    fireEvent.click(screen.getByRole('button', { name: '立即验证' }));
    await waitFor(() =>
      expect(screen.getByText('上次检查').nextElementSibling?.textContent).toMatch(
        /^2026.* · 通过：站点可以访问，无需验证$/,
      ),
    );
    expect(screen.getByText('上次浏览器验证')).toBeTruthy();
  });
});

describe('challenge panel', () => {
  it('says what happened and the two ways out when a search meets an unsolved challenge', async () => {
    mockApi({
      ...signedIn(),
      'POST /api/search': () =>
        json(429, {
          detail: '源站要求通过 Cloudflare 人机验证，未能自动通过（429 rate limit）',
          code: 'UPSTREAM_RATE_LIMITED',
          retry_after: 600,
          challenge: 'captcha',
        }),
    });
    renderApp('/search?q=hanabi');
    const panel = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(panel.textContent).toContain('源站要求人机验证，未能自动通过');
    expect(panel.textContent).toContain('源站要求人工完成验证码');
    expect(panel.textContent).toContain('apt-get install chromium');
    expect(panel.textContent).toContain('cf_clearance');
    // When the next automatic try is: ten minutes on (retry_after), as a clock time.
    const at = new Date(Date.now() + 600_000).toLocaleTimeString('zh-CN', { hour12: false });
    expect(panel.textContent).toContain(`下次自动验证在 ${at.slice(0, 5)}`);
    // A user is not sent to the admin's page.
    expect(panel.textContent).toContain('请联系管理员');
    expect(screen.queryByRole('link', { name: '站点状态' })).toBeNull();
  });

  it("shows the image cache's size, limits and evictions, and evicts on demand", async () => {
    const overview: CacheOverview = {
      images: 1200,
      files: 1500,
      size_bytes: 45 * 1024 ** 2,
      max_bytes: 50 * 1024 ** 2,
      min_free_bytes: 2 * 1024 ** 3,
      free_bytes: 20 * 1024 ** 3,
      disk_bytes: 100 * 1024 ** 3,
      evicted_files: 300,
      evicted_bytes: 12 * 1024 ** 2,
      last_evicted_at: '2026-11-23T11:50:00.000Z',
    };
    let sent: unknown;
    mockApi({
      ...signedIn(admin),
      'GET /api/admin/site-health': () => json(200, health()),
      'GET /api/admin/cache': () => json(200, overview),
      'POST /api/admin/cache/evict': (body) => {
        sent = body;
        return json(200, { evicted_files: 40, evicted_bytes: 2 * 1024 ** 2, message: 'ok' });
      },
    });
    renderApp('/site-health');
    expect(
      await screen.findByText('45.0 MB（1200 张图片，1500 个文件）', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('50.0 MB')).toBeTruthy();
    expect(screen.getByText('20.0 GB（共 100.0 GB）')).toBeTruthy();
    expect(screen.getByText(/^300 个文件，12.0 MB（最近一次：/)).toBeTruthy();

    // Round amounts, written as round amounts.
    const amounts = within(screen.getByLabelText('释放')).getAllByRole('option');
    expect(amounts.map((option) => option.textContent)).toEqual([
      '按上限和保留空间',
      '100 MB',
      '1 GB',
      '10 GB',
    ]);
    fireEvent.change(screen.getByLabelText('释放'), { target: { value: String(1024 ** 3) } });
    fireEvent.click(screen.getByLabelText('包括收藏的图片'));
    fireEvent.click(screen.getByRole('button', { name: '立即淘汰' }));
    // Asked first: what goes, and that the libraries shrink with it. Cancel changes nothing.
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('将淘汰整个缓存：45.0 MB，1,500 个文件');
    expect(dialog.textContent).toContain('收藏的图片也会被淘汰');
    expect(dialog.textContent).toContain('被淘汰的图片会从所有用户的图库中消失');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: '立即淘汰' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '立即淘汰' }));
    // The result stays written on the card, no reload needed.
    const result = await screen.findByText('已淘汰 40 个图片文件（2.00 MB）');
    expect(result.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual({ bytes: 1024 ** 3, include_favorites: true });
    // 20 GB free is above CACHE_MIN_FREE: no warning.
    expect(screen.queryByText(/CACHE_MIN_FREE：清空缓存也达不到它/)).toBeNull();
  });

  it('says when the limits ask for nothing, before and after 立即淘汰', async () => {
    const overview = cacheOverview({ files: 12, size_bytes: 16 * 1024 ** 2, max_bytes: 1024 ** 3 });
    mockApi({
      ...signedIn(admin),
      'GET /api/admin/site-health': () => json(200, health()),
      'GET /api/admin/cache': () => json(200, overview),
      'POST /api/admin/cache/evict': () =>
        json(200, { evicted_files: 0, evicted_bytes: 0, message: 'ok' }),
    });
    renderApp('/site-health');
    fireEvent.click(await screen.findByRole('button', { name: '立即淘汰' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('按上限淘汰不会删除任何文件');
    fireEvent.click(within(dialog).getByRole('button', { name: '立即淘汰' }));
    const result = await screen.findByText(/^没有需要淘汰的文件/);
    expect(result.getAttribute('role')).toBe('status');
  });

  it('says so when CACHE_MIN_FREE is past what emptying the whole cache could free', async () => {
    const overview = cacheOverview({
      min_free_bytes: 2 * 1024 ** 3,
      free_bytes: 1024 ** 3,
      disk_bytes: 10 * 1024 ** 3,
    });
    mockApi({
      ...signedIn(admin),
      'GET /api/admin/site-health': () => json(200, health()),
      'GET /api/admin/cache': () => json(200, overview),
    });
    renderApp('/site-health');
    expect(
      await screen.findByText(/CACHE_MIN_FREE：清空缓存也达不到它/, {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('shows both browser identities, and names the fields that differ', async () => {
    mockApi({
      ...signedIn(admin),
      'GET /api/admin/site-health': () =>
        json(
          200,
          health({
            identity: {
              transport: { user_agent: 'curl/8.0', sec_ch_ua: '', platform: '' },
              solver: CHROME,
              engine: 'Chromium 156.0.8078.108',
              differences: ['user_agent', 'sec_ch_ua', 'platform'],
            },
          }),
        ),
    });
    renderApp('/site-health');
    const card = (await screen.findByRole('heading', { name: '浏览器身份' })).closest('section')!;
    expect(within(card).getByRole('alert').textContent).toContain('不一致');
    expect(within(card).getByText('curl/8.0')).toBeTruthy();
    expect(within(card).getAllByText(CHROME.user_agent)).toHaveLength(1);
    expect(within(card).getAllByText('不一致')).toHaveLength(6);
    expect(within(card).getByText('实际浏览器：Chromium 156.0.8078.108')).toBeTruthy();
  });

  it('says the identities agree when they do', async () => {
    mockApi({ ...signedIn(admin), 'GET /api/admin/site-health': () => json(200, health()) });
    renderApp('/site-health');
    const card = (await screen.findByRole('heading', { name: '浏览器身份' })).closest('section')!;
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(card.textContent).toContain('一致：请求和自动验证使用同一个浏览器身份');
    expect(within(card).getAllByText(CHROME.user_agent)).toHaveLength(2);
  });

  it('names the profile a host is reached with after a fingerprint refusal', async () => {
    mockApi({ ...signedIn(admin), 'GET /api/admin/site-health': () => json(200, health()) });
    renderApp('/site-health');
    const profile = await screen.findByTestId('host-profile');
    expect(profile.textContent).toBe(
      '源站拒绝了 Chrome 的指纹，此站点改用 firefox144 访问（不使用 Chrome 获得的验证 Cookie）',
    );
    expect(screen.getAllByTestId('host-profile')).toHaveLength(1);
  });

  it('shows a plain user the 没有权限 page, without asking the server or offering a retry', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/admin/site-health': () =>
        json(403, { detail: '没有权限执行此操作', code: 'FORBIDDEN' }),
    });
    renderApp('/site-health');
    expect(await screen.findByRole('heading', { name: '没有权限' })).toBeTruthy();
    expect(screen.getByText('只有管理员可以查看站点状态。')).toBeTruthy();
    expect(screen.queryByText('加载失败')).toBeNull();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(api.mock.calls.map(([url]) => url)).not.toContain('/api/admin/site-health');
  });
});
