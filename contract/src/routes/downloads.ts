import {
  CreateDownloadRequest,
  CreateDownloadResponse,
  CreateWorkDownloadRequest,
  DownloadList,
  DownloadParams,
  DownloadStatus,
  NearDuplicatesRequest,
  NearDuplicatesResponse,
  WorkDownloadEstimate,
} from '../downloads';
import { MessageResponse } from '../errors';
import { route } from '../route';

/** A step of one task (`:id/status`, `:id/cancel`, `:id/retry`): it answers the task as it then stands. */
const taskStep = <M extends 'GET' | 'POST', A extends string>(method: M, action: A) =>
  route({
    method,
    path: `/api/download/:id/${action}` as `/api/download/:id/${A}`,
    params: DownloadParams,
    responses: { 200: DownloadStatus },
  });

/** The caller's ZIP tasks (a new one answers 202), whole works, and the grid's 隐藏相似帧. */
export const downloadRoutes = {
  list: route({ method: 'GET', path: '/api/download', responses: { 200: DownloadList } }),
  /** A selection of images. */
  create: route({
    method: 'POST',
    path: '/api/download',
    body: CreateDownloadRequest,
    responses: { 202: CreateDownloadResponse },
  }),
  work: {
    create: route({
      method: 'POST',
      path: '/api/download/work',
      body: CreateWorkDownloadRequest,
      responses: { 202: CreateDownloadResponse },
    }),
    /** What `work.create` would take, and whether the caller may start it now. */
    estimate: route({
      method: 'POST',
      path: '/api/download/work/estimate',
      body: CreateWorkDownloadRequest,
      responses: { 200: WorkDownloadEstimate },
    }),
  },
  nearDuplicates: route({
    method: 'POST',
    path: '/api/download/near-duplicates',
    body: NearDuplicatesRequest,
    responses: { 200: NearDuplicatesResponse },
  }),
  status: taskStep('GET', 'status'),
  cancel: taskStep('POST', 'cancel'),
  retry: taskStep('POST', 'retry'),
  /** One finished task, and its archive. */
  remove: route({
    method: 'DELETE',
    path: '/api/download/:id',
    params: DownloadParams,
    responses: { 200: MessageResponse },
  }),
  /** Every finished task. */
  removeFinished: route({
    method: 'DELETE',
    path: '/api/download',
    responses: { 200: MessageResponse },
  }),
  /** The finished ZIP (no JSON): a plain link, authorised by the session cookie too. */
  file: route({ method: 'GET', path: '/api/download/:id/file', params: DownloadParams }),
};
