import {
  CreateDownloadRequest,
  CreateDownloadResponse,
  CreateWorkDownloadRequest,
  DownloadList,
  DownloadParams,
  DownloadStatus,
  NearDuplicatesRequest,
  NearDuplicatesResponse,
  UserStorageList,
  WorkDownloadEstimate,
} from '../downloads';
import { MessageResponse } from '../errors';
import { route } from '../route';

/** A step of one task (`:id/status`, `:id/cancel`, `:id/retry`, `:id/pause`, `:id/resume`): it answers the task as it then stands. */
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
  /** 暂停: the task holds no slot and sends no request until its owner resumes it. */
  pause: taskStep('POST', 'pause'),
  /** 继续: a paused task (by its owner, or waiting for the source) goes on where it stopped. */
  resume: taskStep('POST', 'resume'),
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
  /** 用户管理: each user's kept archives and library folder (admins only). */
  storageByUser: route({
    method: 'GET',
    path: '/api/admin/download-storage',
    responses: { 200: UserStorageList },
  }),
  /** The finished ZIP (no JSON): a plain link, authorised by the session cookie too. */
  file: route({ method: 'GET', path: '/api/download/:id/file', params: DownloadParams }),
};
