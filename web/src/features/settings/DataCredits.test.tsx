import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp, signedIn } from '../../test/helpers';
import { ONE_FULL_SIZE } from '../../test/downloadFixtures';

const cdnStatus = {
  current_cdn: 'small',
  use_small_cdn_only: true,
  status: 'ok',
  hosts: [],
  download_sizes: ONE_FULL_SIZE,
};

describe('data credits', () => {
  it('says the shipped table is used unchanged when TITLES_FILE names none', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/images/cdn-status': () => json(200, cdnStatus),
      'GET /api/search/titles/source': () => json(200, { titles_file: null }),
    });
    renderApp('/settings');
    const credit = (await screen.findByRole('link', { name: 'bangumi-data' })).parentElement!;
    expect(credit.textContent).toContain('随程序附带，未作修改');
  });

  it('names the file TITLES_FILE points at instead of saying "unchanged"', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/images/cdn-status': () => json(200, cdnStatus),
      'GET /api/search/titles/source': () => json(200, { titles_file: 'data-2026-11.json' }),
    });
    renderApp('/settings');
    const credit = await screen.findByText(/data-2026-11\.json/);
    expect(credit.textContent).toContain('TITLES_FILE');
    expect(credit.textContent).not.toContain('未作修改');
  });
});
