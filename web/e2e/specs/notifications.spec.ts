import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KEY_IDS } from '@capshelf/replica';
import { expect, test } from '@playwright/test';
import { replica, shootPhoneAndDesktop, signIn } from '../support';

interface Hook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback (the harness lists 127.0.0.1 in NOTIFY_ALLOWED_HOSTS). */
async function startSink() {
  const hooks: Hook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      hooks.push({ path: req.url ?? '/', headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hooks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('add webhooks on the profile, 发送测试 shows the result, and a new episode reaches each format once', async ({
  page,
  request,
}) => {
  const sink = await startSink();
  try {
    await signIn(page, 'notify');
    await page.goto('/profile');
    const panel = page.locator('section').filter({
      has: page.getByRole('heading', { name: '通知', exact: true }),
    });
    await expect(panel.getByText('还没有通知渠道')).toBeVisible();
    const channels = panel.getByTestId('notification-channel');
    for (const [format, label] of [
      ['json', '通用 JSON'],
      ['ntfy', 'ntfy'],
      ['discord', 'Discord'],
    ] as const) {
      await panel.getByLabel('格式').selectOption({ label });
      await panel.getByLabel('Webhook 地址').fill(`${sink.origin}/${format}`);
      await panel.getByRole('button', { name: '添加渠道' }).click();
      await expect(channels.filter({ hasText: `${sink.origin}/${format}` })).toBeVisible();
    }
    const json = channels.filter({ hasText: `${sink.origin}/json` });
    await expect(json.getByTestId('last-result')).toHaveText('尚未发送');
    await json.getByRole('button', { name: '发送测试' }).click();
    await expect(json.getByTestId('last-result')).toContainText('成功（HTTP 204）');
    expect(sink.hooks.map((h) => h.path)).toEqual(['/json']);
    expect(JSON.parse(sink.hooks[0]!.body)).toMatchObject({ event: 'test' });
    await shootPhoneAndDesktop(page, 'profile-notifications', { width: 1366, height: 900 });

    // An internal address the admin did not list is refused with the server's reason.
    await panel.getByLabel('Webhook 地址').fill('http://10.0.0.1/hook');
    await panel.getByRole('button', { name: '添加渠道' }).click();
    await expect(panel.getByText(/指向内部地址 10\.0\.0\.1/)).toBeVisible();
    await expect(channels).toHaveCount(3);

    // Follow a show, let the source add an episode: the follow check notifies each webhook once.
    const token = await page.evaluate(() => localStorage.getItem('capshelf.token'));
    const headers = { authorization: `Bearer ${token}` };
    const { pageOrigin, control } = await replica();
    const followed = await request.post('/api/follows', {
      headers,
      data: { work_url: `${pageOrigin}/tv/showimages.php?${KEY_IDS.tvSeason2}` },
    });
    expect(followed.status()).toBe(201);
    const added = await control.addEpisode(KEY_IDS.tvSeason2, 4);
    await expect
      .poll(
        () => sink.hooks.filter((h) => h.path !== '/json' || !h.body.includes('"test"')).length,
        {
          timeout: 30_000,
        },
      )
      .toBe(3);
    const [json2, ntfy, discord] = ['/json', '/ntfy', '/discord'].map((path) =>
      sink.hooks.filter((h) => h.path === path).at(-1)!,
    );
    expect(JSON.parse(json2!.body)).toMatchObject({
      event: 'new_episodes',
      episodes: [{ label: added.label }],
    });
    expect(ntfy!.body).toContain(added.label);
    // One episode added: the notice opens its images.
    expect(ntfy!.headers.click).toMatch(/\/images\//);
    expect(JSON.parse(discord!.body).embeds[0].description).toContain(added.label);
    await page.reload();
    await expect(
      channels.filter({ hasText: `${sink.origin}/ntfy` }).getByTestId('last-result'),
    ).toContainText('成功');

    // Unfollowed, the work leaves the schedule; the channels go with their delete buttons.
    const id = (await followed.json()).id as number;
    expect((await request.delete(`/api/follows/${id}`, { headers })).status()).toBe(200);
    for (let left = 3; left > 0; left--) {
      await channels
        .first()
        .getByRole('button', { name: /^删除通知渠道/ })
        .click();
      await expect(channels).toHaveCount(left - 1);
    }
  } finally {
    await sink.close();
  }
});
