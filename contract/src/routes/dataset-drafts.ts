import {
  DatasetDraftAnswer,
  DatasetDraftParams,
  DatasetDraftQuery,
  DatasetDraftsResponse,
  DatasetDraftSummary,
  SaveDatasetDraftRequest,
} from '../dataset-drafts';
import { route } from '../route';

/** Each user's saved reviews (制作数据集 drafts): one per work, saved whole, listed, removed. */
export const datasetDraftRoutes = {
  list: route({
    method: 'GET',
    path: '/api/dataset-drafts',
    responses: { 200: DatasetDraftsResponse },
  }),
  /** The caller's draft of one work (null when there is none). */
  get: route({
    method: 'GET',
    path: '/api/dataset-drafts/work',
    query: DatasetDraftQuery,
    responses: { 200: DatasetDraftAnswer },
  }),
  save: route({
    method: 'PUT',
    path: '/api/dataset-drafts',
    body: SaveDatasetDraftRequest,
    responses: { 200: DatasetDraftSummary },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/dataset-drafts/:id',
    params: DatasetDraftParams,
  }),
};
