import { z } from 'zod';

/**
 * Where a work or an episode opens, as the server computes it (its URL model is the only place
 * that knows the source site's page forms). The page appends its own query (title, searchTerm,
 * contentType, isMovie, workTitle, episodeTitle) and never builds or takes apart a site URL.
 */
export const PageLink = z.object({
  /**
   * The app's page, without a query: `/episodes/<showId>` for a show (showId: the query part of
   * its source URL), `/images/<source URL, URL-encoded>` for an episode or a movie.
   */
  page_path: z.string(),
  /** The source site's page: "open original", and what a favourite of it is saved under. */
  source_url: z.string(),
});
export type PageLink = z.infer<typeof PageLink>;
