import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../routing';
import type { DatasetReview } from './review';
import type { ReviewTags } from './review-tags';

/** The dataset review (制作数据集): what a whole-work job would keep and drop, read so far, and its frames' tags. */
export function datasetReviewRoutes({
  review,
  tags,
}: {
  review: DatasetReview;
  tags: ReviewTags;
}): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, api.datasets.review, async (request) => review.review(request.body));
    serve(app, api.datasets.tags, async (request) =>
      tags.count(request.body.kind, request.body.image_ids),
    );
  };
}
