import {
  ClearFilesQuery,
  ClearFilesResponse,
  ClearListingsQuery,
  ClearListingsResponse,
  ClearSearchCacheQuery,
  EpisodeFilesQuery,
  EpisodeFilesResponse,
} from '../browse';
import { CacheOverview, EvictRequest, EvictResponse } from '../cache';
import { route } from '../route';

/**
 * The shared caches (listings, searches, image files), which only the admin empties; anyone
 * signed in may see what an episode has cached (`episodeFiles`).
 */
export const cacheAdminRoutes = {
  overview: route({
    method: 'GET',
    path: '/api/admin/cache',
    responses: { 200: CacheOverview },
  }),
  evict: route({
    method: 'POST',
    path: '/api/admin/cache/evict',
    body: EvictRequest,
    responses: { 200: EvictResponse },
  }),
  clearListings: route({
    method: 'DELETE',
    path: '/api/images/cache',
    query: ClearListingsQuery,
    responses: { 200: ClearListingsResponse },
  }),
  clearSearches: route({
    method: 'DELETE',
    path: '/api/search/cache',
    query: ClearSearchCacheQuery,
    responses: { 200: ClearListingsResponse },
  }),
  episodeFiles: route({
    method: 'GET',
    path: '/api/images/cache/files',
    query: EpisodeFilesQuery,
    responses: { 200: EpisodeFilesResponse },
  }),
  clearFiles: route({
    method: 'DELETE',
    path: '/api/images/cache/files',
    query: ClearFilesQuery,
    responses: { 200: ClearFilesResponse },
  }),
};
