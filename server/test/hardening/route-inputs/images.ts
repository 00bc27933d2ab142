import { KEY_IDS } from '@capshelf/replica';
import { choice, count, slot, text, titles, type RouteInputs, type Samples } from '../route-slots';

/** Search, episode listings, image bytes, the libraries and the image cache. */
export function imageInputs(s: Samples): Record<string, RouteInputs> {
  return {
    'POST /api/search': {
      query: { refresh: choice() },
      body: { query: text(200, 'biyori', true), content_type: choice('all') },
    },
    'DELETE /api/search/cache': { query: { pattern: text(300) } },
    'GET /api/search/titles': { query: { q: text(100, '孤独', true) } },
    'GET /api/search/titles/source': {},
    // Bangumi's id of 元气囝仔 (Barakamon); the fixture never searched it, so the claim is refused.
    'POST /api/work-titles/opened': {
      body: {
        kind: choice('anime', true),
        id: slot('bounded-int', KEY_IDS.romajiShow, {
          min: 1,
          max: 999_999_999_999,
          required: true,
        }),
        ref: text(300, '83868', true),
      },
    },
    'PUT /api/admin/work-titles/:kind/:id': {
      params: { kind: choice('anime'), id: slot('upstream-id', KEY_IDS.romajiShow) },
      body: { ref: text(300, '83868', true) },
    },
    'DELETE /api/admin/work-titles/:kind/:id': {
      params: { kind: choice('anime'), id: slot('upstream-id', KEY_IDS.romajiShow) },
    },
    'POST /api/episodes': {
      query: { refresh: choice() },
      body: {
        show_url: slot('page-ref', `https://fancaps.net/anime/showimages.php?${KEY_IDS.longShow}`, {
          required: true,
        }),
        kind: choice('anime'),
      },
    },
    'GET /api/images/episode/:episodeId': {
      params: { episodeId: slot('page-ref', s.episodeUrl) },
      query: { kind: choice(), refresh: choice() },
    },
    'GET /api/images/episode/:episodeId/fast': {
      params: { episodeId: slot('page-ref', s.episodeUrl) },
      query: { kind: choice(), refresh: choice() },
    },
    'GET /api/images/episode/:episodeId/progress': {
      params: { episodeId: slot('page-ref', s.episodeUrl) },
      query: { kind: choice(), refresh: choice(), resume: choice() },
    },
    'GET /api/images/mode-preference': {},
    'PUT /api/images/mode-preference': { body: { image_mode: choice('fast', true) } },
    'GET /api/images/range/:start/:end': {
      params: { start: slot('upstream-id', 1), end: slot('upstream-id', 10) },
      query: { kind: choice('anime') },
    },
    'GET /api/images/sample': { query: { limit: count(500) } },
    'POST /api/images/record-episode-access': {
      query: {
        ...titles,
        show_id: text(2000),
        episode_id: slot('page-ref', s.episodeUrl, { required: true }),
      },
    },
    'POST /api/images/record-view': {
      body: {
        ...titles,
        episode_id: slot('page-ref', s.episodeUrl, { required: true }),
        image_ids: slot('id-list', [s.imageId], { max: 5000 }),
        image_count: choice('exact'),
      },
    },
    // scope=all (全部用户) is the admin's; the matrix's user asks for their own.
    'GET /api/images/local-library': {
      query: {
        page: count(1_000_000),
        limit: count(200),
        sort_by: choice('date_desc'),
        scope: choice('mine'),
      },
    },
    'GET /api/images/local-library/stats': { query: { scope: choice('mine') } },
    'GET /api/images/local-library-categorized': {
      query: { page: count(1_000_000), limit: count(100), scope: choice('mine') },
    },
    'GET /api/images/local-library/category/:category/episode/:episode': {
      params: { category: slot('category', 'uncategorized'), episode: slot('episode-key', 'all') },
      query: { page: count(1_000_000), limit: count(10_000), scope: choice('mine') },
    },
    'GET /api/search/recent': {},
    'POST /api/search/recent': {
      body: {
        query: text(200, 'biyori', true),
        // A search that found nothing is still a recent search.
        results_count: slot('bounded-int', undefined, { min: 0, max: 1_000_000 }),
      },
    },
    'DELETE /api/search/recent': {},
    'GET /api/search/recent/suggestions': { query: { q: text(200, 'bi', true) } },
    'GET /api/images/search-based-library': {},
    'GET /api/images/search-based-library/episodes': {},
    'DELETE /api/images/search-based-library/episode/:id': {
      params: { id: slot('row-id', s.historyId) },
    },
    'GET /api/images/:file': {
      params: { file: slot('image-file', `${s.imageId}.jpg`) },
      query: { size: choice('thumb'), kind: choice('anime'), cdn: choice() },
    },
    'GET /api/images/cache-stats': {},
    // The alternatives of the two clearing calls are left out of the valid request: each
    // malformed request adds one, so no valid one can clear anything.
    'DELETE /api/images/cache': {
      query: {
        episode_id: slot('page-ref'),
        work_id: slot('site-url'),
        pattern: text(300),
        clear_all: choice(),
      },
    },
    'GET /api/images/cache/files': {
      query: { episode_id: slot('page-ref', s.episodeUrl, { required: true }) },
    },
    'DELETE /api/images/cache/files': {
      query: { episode_id: slot('page-ref'), clear_all: choice() },
    },
    'GET /api/images/cdn-status': {},
    'POST /api/images/cdn-switch': { query: { use_small_cdn: choice('true', true) } },
  };
}
