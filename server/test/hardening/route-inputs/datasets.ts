import { slot, type RouteInputs, type Samples } from '../route-slots';
import { workScopeInputs } from './downloads';

/** The dataset review (制作数据集): a whole-work job's scope and filter, no archive options. */
export function datasetInputs(s: Samples): Record<string, RouteInputs> {
  return {
    'POST /api/datasets/review': {
      body: {
        ...workScopeInputs(s),
        offset: slot('bounded-int', undefined, { min: 0, max: 1_000_000 }),
      },
    },
  };
}
