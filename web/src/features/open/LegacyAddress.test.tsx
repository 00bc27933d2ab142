import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { health, json, mockApi, renderApp, signedIn } from '../../test/helpers';

const REPLICA = 'http://127.0.0.1:8100';
const replicaHealth = { 'GET /api/health': () => json(200, { ...health, source_origin: REPLICA }) };
const shownPath = (router: ReturnType<typeof renderApp>['router']) =>
  router.state.location.pathname + router.state.location.search;
const encoded = (url: string) => encodeURIComponent(url);

describe('addresses from before the short ones', () => {
  it('sends an old images address on to /images/<kind>/<id>, keeping the search', async () => {
    mockApi({ ...signedIn(), ...replicaHealth });
    const { router } = renderApp(
      `/images/${encoded(`${REPLICA}/anime/episodeimages.php?10514`)}` +
        '?title=Hanabi%20-%20Episode%201&workTitle=Hanabi&episodeTitle=Episode%201&searchTerm=hanabi',
    );
    await waitFor(() => expect(shownPath(router)).toBe('/images/anime/10514?q=hanabi'));
  });

  it('sends an old movie address on to its images, without its title or isMovie', async () => {
    mockApi({ ...signedIn() });
    const movie = 'https://www.fancaps.net/movies/MovieImages.php?name=Non_Stop&movieid=2731';
    const { router } = renderApp(`/images/${encoded(movie)}?isMovie=true&title=Non-Stop`);
    await waitFor(() => expect(shownPath(router)).toBe('/images/movie/2731'));
  });

  it('sends an old episode list on, by its show id and contentType or by its whole URL', async () => {
    mockApi({ ...signedIn() });
    const byId = renderApp(
      '/episodes/10434-Non_Non_Biyori?title=Non&searchTerm=non&contentType=tv',
    );
    await waitFor(() => expect(shownPath(byId.router)).toBe('/episodes/tv/10434?q=non'));
    byId.unmount();

    const show = 'http://fancaps.net/anime/showimages.php?10434-Non_Non_Biyori';
    const byUrl = renderApp(`/episodes/${encoded(show)}`);
    await waitFor(() => expect(shownPath(byUrl.router)).toBe('/episodes/anime/10434'));
  });

  it('takes an old show id without its kind as anime’s, as the server did', async () => {
    mockApi({ ...signedIn() });
    const { router } = renderApp('/episodes/10434?title=Hanabi');
    await waitFor(() => expect(shownPath(router)).toBe('/episodes/anime/10434'));
  });

  it('sends an old dataset review on to the work’s review', async () => {
    mockApi({ ...signedIn() });
    const { router } = renderApp('/episodes/22490/dataset?contentType=tv&title=Rick');
    await waitFor(() => expect(shownPath(router)).toBe('/episodes/tv/22490/dataset'));
  });

  it('finds no page for another site’s address, a page it has none for, or a bad kind', async () => {
    mockApi({ ...signedIn(), ...replicaHealth });
    for (const path of [
      `/images/${encoded('https://example.com/anime/episodeimages.php?10514')}`,
      // The replica's origin is the source here: fancaps.net itself is another site.
      `/images/${encoded('https://fancaps.net/anime/episodeimages.php?10514')}`,
      `/images/${encoded(`${REPLICA}/anime/picture.php?/7123823`)}`,
      '/images/film/10514',
      '/episodes/anime/not-an-id',
    ]) {
      const { router, unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { name: '页面未找到' }), path).toBeTruthy();
      expect(shownPath(router)).toBe(path);
      unmount();
    }
  });
});
