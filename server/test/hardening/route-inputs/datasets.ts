import { slot, type RouteInputs, type Samples } from '../route-slots';
import { exportInputs, workScopeInputs } from './downloads';

/** The dataset review (制作数据集): a whole-work job's scope and its dataset options. */
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
  };
}
