import { CacheStats, RecordEpisodeAccessQuery, RecordViewRequest } from '../browse';
import {
  CategorizedLibraryQuery,
  CategorizedLibraryResponse,
  CategoryEpisodeParams,
  CategoryEpisodeQuery,
  CategoryEpisodeResponse,
  DeleteHistoryEpisodeResponse,
  HistoryIdParams,
  LibraryStatsQuery,
  LocalLibraryQuery,
  LocalLibraryResponse,
  SearchLibraryEpisodesResponse,
  SearchLibraryResponse,
} from '../library';
import {
  AddRecentSearchRequest,
  ClearRecentSearchesResponse,
  RecentSearchesResponse,
  SuggestionsQuery,
} from '../recent-searches';
import { route } from '../route';

/**
 * The three libraries (the user's cached images flat and categorized, and their history), the
 * visits that feed them (answered 204) and the home page's totals.
 */
export const libraryRoutes = {
  local: route({
    method: 'GET',
    path: '/api/images/local-library',
    query: LocalLibraryQuery,
    responses: { 200: LocalLibraryResponse },
  }),
  stats: route({
    method: 'GET',
    path: '/api/images/local-library/stats',
    query: LibraryStatsQuery,
    responses: { 200: CacheStats },
  }),
  categorized: route({
    method: 'GET',
    path: '/api/images/local-library-categorized',
    query: CategorizedLibraryQuery,
    responses: { 200: CategorizedLibraryResponse },
  }),
  categoryEpisode: route({
    method: 'GET',
    path: '/api/images/local-library/category/:category/episode/:episode',
    params: CategoryEpisodeParams,
    query: CategoryEpisodeQuery,
    responses: { 200: CategoryEpisodeResponse },
  }),
  history: {
    byWork: route({
      method: 'GET',
      path: '/api/images/search-based-library',
      responses: { 200: SearchLibraryResponse },
    }),
    byEpisode: route({
      method: 'GET',
      path: '/api/images/search-based-library/episodes',
      responses: { 200: SearchLibraryEpisodesResponse },
    }),
    remove: route({
      method: 'DELETE',
      path: '/api/images/search-based-library/episode/:id',
      params: HistoryIdParams,
      responses: { 200: DeleteHistoryEpisodeResponse },
    }),
  },
  recordAccess: route({
    method: 'POST',
    path: '/api/images/record-episode-access',
    query: RecordEpisodeAccessQuery,
  }),
  recordView: route({ method: 'POST', path: '/api/images/record-view', body: RecordViewRequest }),
};

/** The caller's own recent searches (a new one answers 204) and suggestions drawn from them. */
export const recentSearchRoutes = {
  list: route({
    method: 'GET',
    path: '/api/search/recent',
    responses: { 200: RecentSearchesResponse },
  }),
  add: route({ method: 'POST', path: '/api/search/recent', body: AddRecentSearchRequest }),
  clear: route({
    method: 'DELETE',
    path: '/api/search/recent',
    responses: { 200: ClearRecentSearchesResponse },
  }),
  suggestions: route({
    method: 'GET',
    path: '/api/search/recent/suggestions',
    query: SuggestionsQuery,
    responses: { 200: RecentSearchesResponse },
  }),
};
