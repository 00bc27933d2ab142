import { z } from 'zod';
import {
  EpisodeImagesQuery,
  EpisodesRequest,
  EpisodesResponse,
  ImageListResponse,
  RangeQuery,
  RefreshQuery,
  SampleQuery,
  SearchRequest,
  SearchResponse,
  TitleSuggestionsQuery,
  TitleSuggestionsResponse,
  TitlesSourceResponse,
  UpstreamId,
  WorkChineseTitleResponse,
  WorkOpenedRequest,
  WorkTitleCorrection,
  WorkTitleParams,
} from '../browse';
import {
  ImageCrawlQuery,
  ImageCrawlResponse,
  ImageModePreference,
  SetImageModeRequest,
} from '../crawl';
import { route } from '../route';

/** An episode or a movie by its whole source URL (the server resolves it). */
const EpisodeParams = z.object({ episodeId: z.string().min(1).max(2000) });
const RangeParams = z.object({ start: UpstreamId, end: UpstreamId });

/** An episode's whole listing, read page by page (smart) or guessed from its first page (fast). */
const episodeListing = <P extends string>(path: P) =>
  route({
    method: 'GET',
    path,
    params: EpisodeParams,
    query: EpisodeImagesQuery,
    responses: { 200: ImageListResponse },
  });

/**
 * What the source site has: search, a work's episodes and the image listings (`?refresh=true`
 * reads anew instead of from the cache), and each user's choice of listing mode.
 */
export const catalogRoutes = {
  search: route({
    method: 'POST',
    path: '/api/search',
    query: RefreshQuery,
    body: SearchRequest,
    responses: { 200: SearchResponse },
  }),
  /** From the local title table alone: no request to the source. */
  titleSuggestions: route({
    method: 'GET',
    path: '/api/search/titles',
    query: TitleSuggestionsQuery,
    responses: { 200: TitleSuggestionsResponse },
  }),
  /** Which title table the server reads (the settings page's credit). */
  titlesSource: route({
    method: 'GET',
    path: '/api/search/titles/source',
    responses: { 200: TitlesSourceResponse },
  }),
  /** Chinese names of works: the server's, shared by all users (issue 37). */
  workTitles: {
    /** A result of a Chinese query was opened: the work becomes the entry's, if that search found it. */
    opened: route({
      method: 'POST',
      path: '/api/work-titles/opened',
      body: WorkOpenedRequest,
      responses: { 200: WorkChineseTitleResponse },
    }),
    /** Admin: the work is this entry of the title table (audited). */
    correct: route({
      method: 'PUT',
      path: '/api/admin/work-titles/:kind/:id',
      params: WorkTitleParams,
      body: WorkTitleCorrection,
      responses: { 200: WorkChineseTitleResponse },
    }),
    /** Admin: the work has no Chinese name, and none is matched by itself again (audited). */
    remove: route({
      method: 'DELETE',
      path: '/api/admin/work-titles/:kind/:id',
      params: WorkTitleParams,
      responses: { 200: WorkChineseTitleResponse },
    }),
  },
  episodes: route({
    method: 'POST',
    path: '/api/episodes',
    query: RefreshQuery,
    body: EpisodesRequest,
    responses: { 200: EpisodesResponse },
  }),
  listing: {
    smart: episodeListing('/api/images/episode/:episodeId'),
    fast: episodeListing('/api/images/episode/:episodeId/fast'),
    /** The smart listing as the crawl has read it so far, from `offset` on. */
    progress: route({
      method: 'GET',
      path: '/api/images/episode/:episodeId/progress',
      params: EpisodeParams,
      query: ImageCrawlQuery,
      responses: { 200: ImageCrawlResponse },
    }),
    range: route({
      method: 'GET',
      path: '/api/images/range/:start/:end',
      params: RangeParams,
      query: RangeQuery,
      responses: { 200: ImageListResponse },
    }),
    sample: route({
      method: 'GET',
      path: '/api/images/sample',
      query: SampleQuery,
      responses: { 200: ImageListResponse },
    }),
  },
  modePreference: {
    get: route({
      method: 'GET',
      path: '/api/images/mode-preference',
      responses: { 200: ImageModePreference },
    }),
    set: route({
      method: 'PUT',
      path: '/api/images/mode-preference',
      body: SetImageModeRequest,
      responses: { 200: ImageModePreference },
    }),
  },
};
