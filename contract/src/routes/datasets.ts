import { DatasetReviewRequest, DatasetReviewResponse } from '../dataset-review';
import { route } from '../route';

/** The dataset review (制作数据集): what a whole-work job would keep and drop, read so far. */
export const datasetRoutes = {
  review: route({
    method: 'POST',
    path: '/api/datasets/review',
    body: DatasetReviewRequest,
    responses: { 200: DatasetReviewResponse },
  }),
};
