import { choice, slot, type RouteInputs, type Samples } from '../route-slots';
import { datasetOptionInputs } from './downloads';

/** The dataset review (制作数据集): a whole-work job's scope and filter, no archive options. */
export function datasetInputs(s: Samples): Record<string, RouteInputs> {
  return {
    'POST /api/datasets/review': {
      body: {
        work_url: slot('site-url', s.workUrl, { required: true }),
        kind: choice(),
        episode_ids: slot('id-list', undefined, { max: 5000 }),
        size: choice('thumb', true),
        ...datasetOptionInputs,
      },
    },
  };
}
