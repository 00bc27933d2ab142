import { z } from 'zod';
import { CacheStats, CdnStatus, CdnSwitchQuery, IMAGE_FILE, ImageBytesQuery } from '../browse';
import { validationMessages } from '../messages';
import { route } from '../route';

const ImageFileParams = z.object({
  file: z.string().regex(IMAGE_FILE, validationMessages.imageIdInvalid),
});

/** Image bytes, the cache's public totals, and each user's CDN preference with the hosts' health. */
export const imageRoutes = {
  /** The bytes of `{id}.jpg` (no JSON): what an `<img>` shows, authorised by the session cookie. */
  file: route({
    method: 'GET',
    path: '/api/images/:file',
    params: ImageFileParams,
    query: ImageBytesQuery,
  }),
  cacheStats: route({
    method: 'GET',
    path: '/api/images/cache-stats',
    responses: { 200: CacheStats },
  }),
  cdn: {
    status: route({
      method: 'GET',
      path: '/api/images/cdn-status',
      responses: { 200: CdnStatus },
    }),
    /** Answers the status under the new preference. */
    switch: route({
      method: 'POST',
      path: '/api/images/cdn-switch',
      query: CdnSwitchQuery,
      responses: { 200: CdnStatus },
    }),
  },
};
