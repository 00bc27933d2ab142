import { ReviewTagsRequest, ReviewTagsResponse } from '../dataset-drafts';
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
  /** The stored tags of the review's frames, counted: what the tag editing offers. */
  tags: route({
    method: 'POST',
    path: '/api/datasets/review/tags',
    body: ReviewTagsRequest,
    responses: { 200: ReviewTagsResponse },
  }),
};
