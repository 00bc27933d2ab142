import { choice, slot, text, type RouteInputs, type Samples } from '../route-slots';

const EXP_MAX = 4_102_444_800;

/** The caller's share links, and the public page's calls (the link's token is the key). */
export function shareInputs(s: Samples): Record<string, RouteInputs> {
  const id = { id: slot('row-id', s.share.id) };
  const shareId = { shareId: slot('row-id', s.share.id) };
  return {
    'POST /api/shares': {
      body: {
        kind: choice('images', true),
        image_ids: slot('id-list', [s.imageId], { max: 2000 }),
        image_kind: choice('anime'),
        episode_url: text(2000),
        title: text(200, 'Shared'),
        password: slot('text', undefined, { max: 200 }),
        allow_download: slot('flag', true),
      },
    },
    'GET /api/shares': { query: { scope: choice('mine') } },
    'PATCH /api/shares/:id': {
      params: id,
      // A change names at least one field: the one valid body has the flag.
      body: {
        allow_download: slot('flag', true, { required: true }),
        password: slot('text', undefined, { max: 200 }),
      },
    },
    'DELETE /api/shares/:id': { params: id },
    'GET /api/public/shares/:token': { params: { token: text(100, s.share.token, true) } },
    'POST /api/public/shares/:token/unlock': {
      params: { token: text(100, s.share.token, true) },
      body: { password: text(200, 'not-needed', true) },
    },
    'GET /api/public/share-files/:shareId/:file': {
      params: { ...shareId, file: slot('image-file', `${s.imageId}.jpg`) },
      query: {
        size: choice('thumb', true),
        exp: slot('count', s.share.exp, { max: EXP_MAX, required: true }),
        sig: text(100, s.share.fileSig, true),
      },
    },
    'GET /api/public/share-files/:shareId/archive.zip': {
      params: shareId,
      query: {
        exp: slot('count', s.share.exp, { max: EXP_MAX, required: true }),
        sig: text(100, s.share.zipSig, true),
      },
    },
  };
}
