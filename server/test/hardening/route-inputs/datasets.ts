import { choice, slot, text, type RouteInputs, type Samples } from '../route-slots';
import { exportInputs, workScopeInputs } from './downloads';

/** The dataset review (制作数据集): a whole-work job's scope and its dataset options; its tags and drafts. */
export function datasetInputs(s: Samples): Record<string, RouteInputs> {
  return {
    'POST /api/datasets/review': {
      body: {
        ...workScopeInputs(s),
        // The whole options object is accepted (the review reads its filter).
        ...exportInputs,
        offset: slot('bounded-int', undefined, { min: 0, max: 1_000_000 }),
      },
    },
    'POST /api/datasets/review/tags': {
      body: {
        kind: choice('anime', true),
        image_ids: slot('id-list', [s.imageId], { max: 50_000, required: true }),
      },
    },
    // The caller's review drafts: any work address is a key (nothing is fetched for it).
    'GET /api/dataset-drafts': {},
    'GET /api/dataset-drafts/work': {
      query: { work_url: text(2000, s.jobWorkUrl, true), kind: choice() },
    },
    'PUT /api/dataset-drafts': {
      body: {
        work_url: text(2000, s.jobWorkUrl, true),
        kind: choice(),
        title: text(500, 'A work'),
        keep_image_ids: slot('id-list', [s.imageId], { max: 50_000 }),
        drop_image_ids: slot('id-list', undefined, { max: 50_000 }),
        trigger_word: text(100),
      },
    },
    'DELETE /api/dataset-drafts/:id': { params: { id: slot('row-id', s.draftId) } },
  };
}
