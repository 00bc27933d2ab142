import { slot, text, type RouteInputs, type Samples } from '../route-slots';

/** The caller's personal access tokens (account routes: a session only). */
export function tokenInputs(s: Samples): Record<string, RouteInputs> {
  return {
    'GET /api/auth/tokens': {},
    'POST /api/auth/tokens': {
      body: {
        current_password: text(256, 'UserPass123', true),
        name: text(100, 'nightly script', true),
        scopes: slot('choice-list', ['read'], { required: true, min: 1, max: 3 }),
        expires_in_days: slot('bounded-int', 30, { min: 1, max: 3650 }),
      },
    },
    'DELETE /api/auth/tokens/:id': { params: { id: slot('row-id', s.tokenId) } },
  };
}

/**
 * Which routes a personal access token reaches, by scope, stated here apart from the server's
 * rule: every GET of a user route is `read`, and these others; any other route refuses tokens.
 */
export const TOKEN_ROUTES = {
  read: ['POST /api/search', 'POST /api/episodes'],
  download: [
    'GET /api/download',
    'GET /api/download/:id/status',
    'GET /api/download/:id/file',
    'POST /api/download',
    'POST /api/download/work',
    'POST /api/download/work/estimate',
    'POST /api/download/near-duplicates',
    'POST /api/download/:id/cancel',
    'POST /api/download/:id/retry',
    'POST /api/download/:id/pause',
    'POST /api/download/:id/resume',
    'DELETE /api/download',
    'DELETE /api/download/:id',
  ],
  favorites: [
    'POST /api/favorites/work',
    'POST /api/favorites/episode',
    'POST /api/favorites/image',
    'DELETE /api/favorites/work/:id',
    'DELETE /api/favorites/episode/:id',
    'DELETE /api/favorites/image/:id',
    'POST /api/favorites/batch/delete',
    'POST /api/favorites/import',
    'POST /api/follows',
    'PATCH /api/follows/:id',
    'DELETE /api/follows/:id',
    'POST /api/follows/seen-all',
    'POST /api/follows/:id/seen',
    'POST /api/follows/:id/seen/:episodeId',
    'POST /api/follows/:id/check',
  ],
} as const;
