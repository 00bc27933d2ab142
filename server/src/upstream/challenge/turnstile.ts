import type { Page } from 'playwright-core';

/** The Turnstile widget's iframe as Cloudflare (and the replica) embed it. */
const WIDGET = 'iframe[src*="challenge-platform"], iframe[title*="Cloudflare" i]';
/** The checkbox sits this far from the widget's left edge, vertically centred. */
const CHECKBOX_X = 30;

/**
 * Clicks the Turnstile checkbox as a person does: the pointer travels to it in steps, rests, then
 * a real press and release (trusted events; a scripted click() is refused by the widget). Returns
 * the widget's address when it clicked one, null when the page shows none (yet) or only one
 * already in `done`.
 */
export async function clickTurnstile(
  page: Page,
  done: ReadonlySet<string>,
  random = Math.random,
): Promise<string | null> {
  const widget = page.locator(WIDGET).first();
  if ((await widget.count()) === 0) return null;
  const src = (await widget.getAttribute('src')) ?? 'widget';
  if (done.has(src)) return null;
  const box = await widget.boundingBox();
  if (!box || box.width < CHECKBOX_X || box.height < 10) return null;
  const x = box.x + CHECKBOX_X + random() * 4 - 2;
  const y = box.y + box.height / 2 + random() * 4 - 2;
  await page.mouse.move(x - 120 - random() * 60, y + 40 + random() * 30);
  await page.mouse.move(x, y, { steps: 12 + Math.floor(random() * 8) });
  await page.waitForTimeout(150 + random() * 200);
  await page.mouse.click(x, y, { delay: 60 + random() * 60 });
  return src;
}
