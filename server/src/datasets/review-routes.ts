import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../routing';
import type { DatasetReview } from './review';

/** The dataset review (制作数据集): what a whole-work job would keep and drop, read so far. */
export function datasetReviewRoutes({ review }: { review: DatasetReview }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, api.datasets.review, async (request) => review.review(request.body));
  };
}
