import { KEY_IDS } from '@capshelf/replica';
import { choice, slot, text, type RouteInputs, type Samples } from '../route-slots';

/** Favourites: adding, looking up, deleting, exporting and importing. */
export function favoriteInputs(s: Samples): Record<string, RouteInputs> {
  const favoriteDelete = (id: number): RouteInputs => ({ params: { id: slot('row-id', id) } });
  return {
    'GET /api/favorites': {},
    'POST /api/favorites/work': {
      body: {
        title: text(500, 'Non Non Biyori', true),
        work_type: text(50, 'Anime'),
        original_url: slot(
          'site-url',
          `https://fancaps.net/anime/showimages.php?${KEY_IDS.longShow}`,
        ),
      },
    },
    'POST /api/favorites/episode': {
      body: {
        title: text(500, 'Episode 1', true),
        work_title: text(500),
        work_id: slot('upstream-id-input'),
        episode_url: slot('page-ref', s.episodeUrl, { required: true }),
        preview_images: slot('image-urls', [], { max: 4 }),
      },
    },
    'POST /api/favorites/image': {
      body: {
        image_id: slot('image-id', s.imageId + 1, { required: true }),
        kind: choice('anime'),
        work_title: text(500),
        work_id: slot('upstream-id-input'),
        episode_title: text(500),
        episode_id: slot('upstream-id-input'),
        small_url: slot('image-url'),
        large_url: slot('image-url'),
      },
    },
    'DELETE /api/favorites/work/:id': favoriteDelete(s.favoriteIds.work),
    'DELETE /api/favorites/episode/:id': favoriteDelete(s.favoriteIds.episode),
    'DELETE /api/favorites/image/:id': favoriteDelete(s.favoriteIds.image),
    'GET /api/favorites/status': {
      query: {
        item_type: choice('image', true),
        item_id: text(2000, String(s.imageId), true),
        kind: choice(),
      },
    },
    'GET /api/favorites/stats': {},
    'GET /api/favorites/export': {},
    'POST /api/favorites/batch/delete': {
      body: {
        work_ids: slot('id-list', [s.favoriteIds.work], { max: 20_000 }),
        episode_ids: slot('id-list', [s.favoriteIds.episode], { max: 20_000 }),
        image_ids: slot('id-list', [s.favoriteIds.image], { max: 20_000 }),
      },
    },
    'POST /api/favorites/import': {
      body: {
        version: slot('choice', 1, { required: true }),
        works: slot('record-list', [{ title: 'Imported' }], { required: true }),
        episodes: slot('record-list', [], { required: true }),
        images: slot('record-list', [], { required: true }),
      },
    },
  };
}
