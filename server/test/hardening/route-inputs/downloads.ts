import { choice, slot, text, type RouteInputs, type Samples } from '../route-slots';

/** The dataset options both the selection and the whole-work download take. */
const datasetOptionInputs = {
  skip_near_duplicates: slot('flag'),
  near_duplicate_threshold: slot('bounded-int', undefined, { min: 0, max: 64 }),
  near_duplicate_scope: choice(),
  quality_filters: slot('choice-list', ['dark'], { max: 3, distinct: true }),
};

/** The archive options (layout, kohya folder and caption, metadata) both downloads take. */
export const exportInputs = {
  metadata: slot('flag'),
  export: choice(),
  kohya_repeats: slot('bounded-int', undefined, { min: 1, max: 1000 }),
  kohya_name: text(100),
  trigger_word: text(100),
  destination: choice(),
};

/** The work, episodes, size and dataset options of a whole-work job and of its review. */
export const workScopeInputs = (s: Samples) => ({
  work_url: slot('site-url', s.jobWorkUrl, { required: true }),
  kind: choice(),
  episode_ids: slot('id-list', undefined, { max: 5000 }),
  size: choice('thumb', true),
  ...datasetOptionInputs,
});

/** A whole-work download's body (its estimate takes the same). */
const workInputs = (s: Samples): RouteInputs => ({
  body: {
    ...workScopeInputs(s),
    ...exportInputs,
    keep_image_ids: slot('id-list', undefined, { max: 50_000 }),
    drop_image_ids: slot('id-list', undefined, { max: 50_000 }),
  },
});

/** Download tasks: images, whole works and their lifecycle. */
export function downloadInputs(s: Samples): Record<string, RouteInputs> {
  return {
    'POST /api/download': {
      body: {
        image_urls: slot('image-urls', [s.ownImageUrl], { required: true, min: 1, max: 5000 }),
        filename_prefix: text(300, 'hardening'),
        size: choice(),
        ...datasetOptionInputs,
        ...exportInputs,
      },
    },
    'POST /api/download/work': workInputs(s),
    // The estimate takes the body the job would.
    'POST /api/download/work/estimate': workInputs(s),
    'POST /api/download/near-duplicates': {
      body: {
        kind: choice('anime', true),
        image_ids: slot('id-list', [s.imageId], { required: true, max: 5000 }),
        threshold: slot('bounded-int', 6, { min: 0, max: 64 }),
      },
    },
    'GET /api/download': {},
    // Only finished tasks go; the fixture's is finished, so the valid request is never sent bare.
    'DELETE /api/download': {},
    'DELETE /api/download/:id': { params: { id: slot('download-id', s.downloadId) } },
    'POST /api/download/:id/cancel': { params: { id: slot('download-id', s.downloadId) } },
    'POST /api/download/:id/retry': { params: { id: slot('download-id', s.downloadId) } },
    'POST /api/download/:id/pause': { params: { id: slot('download-id', s.downloadId) } },
    'POST /api/download/:id/resume': { params: { id: slot('download-id', s.downloadId) } },
    'GET /api/admin/download-storage': {},
    'GET /api/download/:id/status': { params: { id: slot('download-id', s.downloadId) } },
    'GET /api/download/:id/file': { params: { id: slot('download-id', s.downloadId) } },
  };
}
