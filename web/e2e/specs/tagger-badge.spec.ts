import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { showById } from '@capshelf/replica';
import { expect, test } from '@playwright/test';
import { writeTinyTagger } from '../../../server/test/support/tiny-tagger';
import { extraApp, logInThroughForm, replica, shootPhoneAndDesktop, userMenu } from '../support';

const robot = showById(10700)!;

test("下载整部 says 标签：已开启 with the server's tagger model, and a dataset layout turns the filters on", async ({
  page,
}) => {
  // An app of its own with a WD14 tagger (the tests' tiny model, `tagger.onnx`).
  const files = await writeTinyTagger(
    await mkdtemp(path.join(os.tmpdir(), 'capshelf-e2e-tagger-')),
  );
  const app = await extraApp('tagger', { TAGGER_MODEL: files.model, TAGGER_TAGS: files.labels });
  await page.goto(`${app.url}/login`);
  await logInThroughForm(page, app.user.email, app.user.password);
  await expect(userMenu(page)).toBeVisible();
  const { pageOrigin } = await replica();
  await page.goto(
    `${app.url}/episodes/${encodeURIComponent(`${pageOrigin}/anime/showimages.php?${robot.id}`)}?contentType=anime`,
  );
  await expect(page.getByText(`共 ${robot.episodes.length} 集`)).toBeVisible();
  await page.getByRole('button', { name: '下载整部' }).click();
  const dialog = page.getByRole('dialog', { name: /下载整部/ });
  await expect(dialog.getByText('标签：已开启（tagger）')).toBeVisible();
  await expect(dialog.getByLabel(/跳过相似帧/)).not.toBeChecked();
  await dialog
    .locator('label')
    .filter({ hasText: /^kohya$/ })
    .click();
  await expect(dialog.getByLabel(/跳过相似帧/)).toBeChecked();
  await expect(dialog.getByLabel('模糊')).toBeChecked();
  // On a phone the dialog scrolls: the badge, below the layout, brought into view first.
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByText('标签：已开启（tagger）').scrollIntoViewIfNeeded();
  await shootPhoneAndDesktop(page, 'tagger-badge');
});
