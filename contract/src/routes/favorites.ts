import {
  AddFavoriteEpisodeRequest,
  AddFavoriteImageRequest,
  AddFavoriteWorkRequest,
  FavoriteBatchDeleteRequest,
  FavoriteBatchDeleteResponse,
  FavoriteDeleteResponse,
  FavoriteEpisode,
  FavoriteIdParams,
  FavoriteImage,
  FavoritesExportResponse,
  FavoritesImportRequest,
  FavoritesImportResponse,
  FavoritesResponse,
  FavoriteStatsResponse,
  FavoriteStatusQuery,
  FavoriteStatusResponse,
  FavoriteWork,
} from '../favorites';
import { route } from '../route';

/** Removes one favourite of a type by its id. */
const removal = <T extends 'work' | 'episode' | 'image'>(type: T) =>
  route({
    method: 'DELETE',
    path: `/api/favorites/${type}/:id` as `/api/favorites/${T}/:id`,
    params: FavoriteIdParams,
    responses: { 200: FavoriteDeleteResponse },
  });

/** Each user's favourite works, episodes and images (a new record answers 201). */
export const favoriteRoutes = {
  list: route({
    method: 'GET',
    path: '/api/favorites',
    responses: { 200: FavoritesResponse },
  }),
  add: {
    work: route({
      method: 'POST',
      path: '/api/favorites/work',
      body: AddFavoriteWorkRequest,
      responses: { 200: FavoriteWork, 201: FavoriteWork },
    }),
    episode: route({
      method: 'POST',
      path: '/api/favorites/episode',
      body: AddFavoriteEpisodeRequest,
      responses: { 200: FavoriteEpisode, 201: FavoriteEpisode },
    }),
    image: route({
      method: 'POST',
      path: '/api/favorites/image',
      body: AddFavoriteImageRequest,
      responses: { 200: FavoriteImage, 201: FavoriteImage },
    }),
  },
  remove: { work: removal('work'), episode: removal('episode'), image: removal('image') },
  status: route({
    method: 'GET',
    path: '/api/favorites/status',
    query: FavoriteStatusQuery,
    responses: { 200: FavoriteStatusResponse },
  }),
  stats: route({
    method: 'GET',
    path: '/api/favorites/stats',
    responses: { 200: FavoriteStatsResponse },
  }),
  export: route({
    method: 'GET',
    path: '/api/favorites/export',
    responses: { 200: FavoritesExportResponse },
  }),
  removeMany: route({
    method: 'POST',
    path: '/api/favorites/batch/delete',
    body: FavoriteBatchDeleteRequest,
    responses: { 200: FavoriteBatchDeleteResponse },
  }),
  import: route({
    method: 'POST',
    path: '/api/favorites/import',
    body: FavoritesImportRequest,
    responses: { 200: FavoritesImportResponse },
  }),
};
