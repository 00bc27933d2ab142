import { describe, expect, it, beforeEach } from 'vitest';
import { useReplica } from './helpers';

const replica = useReplica();

const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.0.0 Safari/537.36';
const BRANDS = [
  { brand: 'Not=A?Brand', version: '99' },
  { brand: 'Google Chrome', version: '151' },
  { brand: 'Chromium', version: '151' },
];
const chrome = {
  'user-agent': UA,
  'sec-ch-ua': BRANDS.map((b) => `"${b.brand}";v="${b.version}"`).join(', '),
  'sec-ch-ua-platform': '"Windows"',
};
const report = (nonce: string, changes: object = {}) => ({
  nonce,
  userAgent: UA,
  brands: BRANDS,
  fullVersionList: BRANDS.map((b) => ({ ...b, version: `${b.version}.0.0.0` })),
  platform: 'Windows',
  moves: 14,
  ...changes,
});

/** The challenge page's widget nonce, as its iframe names it. */
async function challenge(): Promise<string> {
  const page = await fetch(`${replica().pageOrigin}/search.php?q=hanabi`, { headers: chrome });
  expect(page.status).toBe(403);
  expect(page.headers.get('cf-mitigated')).toBe('challenge');
  const html = await page.text();
  expect(html).toContain('Just a moment...');
  return /turnstile\?n=([0-9a-f]+)/.exec(html)![1]!;
}

async function answer(body: object, headers: Record<string, string> = chrome) {
  return fetch(`${replica().pageOrigin}/cdn-cgi/challenge-platform/verify`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the managed challenge (Turnstile)', () => {
  beforeEach(() => replica().setFault('pages', { type: 'managed-challenge' }));

  it('serves the checkbox in its iframe, and a consistent browser earns a clearance', async () => {
    const nonce = await challenge();
    const widget = await fetch(
      `${replica().pageOrigin}/cdn-cgi/challenge-platform/turnstile?n=${nonce}`,
    );
    expect(await widget.text()).toContain('Verify you are human');
    const earned = await answer(report(nonce));
    expect(earned.status).toBe(200);
    const cookie = earned.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(`${replica().pageOrigin}/search.php?q=hanabi`, {
      headers: { ...chrome, cookie },
    });
    expect(page.status).toBe(200);
    // Only with the identity that earned it.
    const mismatched = await fetch(`${replica().pageOrigin}/search.php?q=hanabi`, {
      headers: { ...chrome, cookie, 'sec-ch-ua': '"Chromium";v="156"' },
    });
    expect(mismatched.status).toBe(403);
  });

  it.each([
    ['HeadlessChrome', { userAgent: UA.replace('Chrome/', 'HeadlessChrome/') }],
    ['brands of another version', { brands: [{ brand: 'Chromium', version: '156' }] }],
    ['another platform', { platform: 'Linux' }],
    ['no pointer movement before the click', { moves: 0 }],
  ])('refuses a browser reporting %s', async (_, changes) => {
    const nonce = await challenge();
    const refused = await answer(report(nonce, changes));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('set-cookie')).toBeNull();
  });

  it('refuses hints that disagree on the wire, and nonces it never issued', async () => {
    const nonce = await challenge();
    expect(
      (await answer(report(nonce), { ...chrome, 'sec-ch-ua-platform': '"Linux"' })).status,
    ).toBe(403);
    expect((await answer(report('0000000000000000'))).status).toBe(403);
  });
});
