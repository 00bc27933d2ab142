import { choice, slot, type RouteInputs, type Samples } from '../route-slots';

/** The caller's own follows of works. */
export function followInputs(s: Samples): Record<string, RouteInputs> {
  const id = { id: slot('row-id', s.followId) };
  return {
    'GET /api/follows': {},
    'POST /api/follows': {
      body: {
        work_url: slot('page-ref', s.workUrl, { required: true }),
        kind: choice(),
        mode: choice('none'),
      },
    },
    'PATCH /api/follows/:id': { params: id, body: { mode: choice('cache', true) } },
    'DELETE /api/follows/:id': { params: id },
    'POST /api/follows/seen-all': {},
    'POST /api/follows/:id/seen': { params: id },
    'POST /api/follows/:id/seen/:episodeId': {
      params: { ...id, episodeId: slot('upstream-id', 1) },
    },
    'POST /api/follows/:id/check': { params: id },
    // The personal feed's address (an account route: never a token).
    'GET /api/auth/feed': {},
    'POST /api/auth/feed': {},
    'DELETE /api/auth/feed': {},
  };
}
