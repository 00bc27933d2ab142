import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { imageList, images } from '../../test/browseFixtures';
import { expectNoCjk, hasCjk } from '../../test/cjk';
import { json, mockApi, renderApp, englishUser, signedIn } from '../../test/helpers';
import { CrawlStatus } from './CrawlStatus';
import { RateLimitPanel } from './RateLimitPanel';

describe('image screens in English', () => {
  it('shows the sample screen without Chinese outside the source titles', async () => {
    await i18n.changeLanguage('en');
    mockApi({
      ...signedIn(englishUser),
      'GET /api/images/sample?limit=100': () => json(200, imageList(images(7), { mode: 'sample' })),
    });
    renderApp('/sample-images');
    expect(await screen.findByText('7 images')).toBeTruthy();
    const main = screen.getByRole('main');
    // The heading is the source's title, marked as user data.
    const heading = within(main).getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Non Non Biyori - Episode 1');
    expect(heading.hasAttribute('data-user-content')).toBe(true);
    expect(within(main).getByRole('toolbar', { name: 'Selection actions' })).toBeTruthy();
    expect(within(main).getByText('0 selected')).toBeTruthy();
    expect(within(main).getByLabelText('Original')).toBeTruthy();
    expect(within(main).getByLabelText('Filter by ID')).toBeTruthy();
    expect(within(main).getByText('Cached data')).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Image 500000' })).toBeTruthy();
    expect(document.title).toBe('Sample images · capshelf');
    expectNoCjk(main);
  });

  it('tells crawl progress, a failed read and the fast-mode offer with plurals', async () => {
    await i18n.changeLanguage('en');
    const noop = () => {};
    const running = {
      state: 'running',
      page: 3,
      pages: null,
      pagesAtLeast: 6,
      error: null,
    } as const;
    const { container, rerender } = render(
      <CrawlStatus progress={running} total={1} onResume={noop} onFastMode={noop} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Reading · pages read: 3 · 1 image so far');
    expect(screen.getByText(/has many pages; reading each/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch to fast mode' })).toBeTruthy();
    expectNoCjk(container);

    const failed = { ...running, state: 'failed', error: null } as const;
    rerender(<CrawlStatus progress={failed} total={1200} onResume={noop} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Reading stopped after page 3: reading failed. Showing the 1,200 images read so far.',
    );
    expectNoCjk(container);
  });

  it('says how long the rate limit asks to wait', async () => {
    await i18n.changeLanguage('en');
    const { container } = render(<RateLimitPanel onRetry={() => {}} retryAfter={90} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByText('Rate limit detected')).toBeTruthy();
    expect(screen.getByText(/Paused until .*, about 2 minutes left/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View sample images' })).toBeTruthy();
    // The retry button is the shared ErrorBox's own (translated with the components).
    const own = [...container.querySelectorAll('li, a, p, h2, h3')].map((e) => e.textContent ?? '');
    expect(own.filter(hasCjk)).toEqual([]);
  });
});
