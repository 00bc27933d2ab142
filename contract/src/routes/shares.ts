import { z } from 'zod';
import {
  ChangeShareRequest,
  CreatedShare,
  CreateShareRequest,
  PublicShare,
  Share,
  ShareFileParams,
  ShareFileQuery,
  ShareIdParams,
  SharesQuery,
  SharesResponse,
  ShareTokenParams,
  ShareZipQuery,
  UnlockShareRequest,
  UnlockShareResponse,
} from '../shares';
import { route } from '../route';

/** Share links: the owner's calls, and the public page's (no account; the link is the key). */
export const shareRoutes = {
  create: route({
    method: 'POST',
    path: '/api/shares',
    body: CreateShareRequest,
    responses: { 201: CreatedShare },
  }),
  /** The caller's shares; `scope=all`: everyone's (admins). */
  list: route({
    method: 'GET',
    path: '/api/shares',
    query: SharesQuery,
    responses: { 200: SharesResponse },
  }),
  change: route({
    method: 'PATCH',
    path: '/api/shares/:id',
    params: ShareIdParams,
    body: ChangeShareRequest,
    responses: { 200: Share },
  }),
  revoke: route({
    method: 'DELETE',
    path: '/api/shares/:id',
    params: ShareIdParams,
    responses: { 200: Share },
  }),
  open: route({
    method: 'GET',
    path: '/api/public/shares/:token',
    params: ShareTokenParams,
    responses: { 200: PublicShare },
  }),
  unlock: route({
    method: 'POST',
    path: '/api/public/shares/:token/unlock',
    params: ShareTokenParams,
    body: UnlockShareRequest,
    responses: { 200: UnlockShareResponse },
  }),
  /** An image of a share, through the signed address the share's page was given. */
  file: route({
    method: 'GET',
    path: '/api/public/share-files/:shareId/:file',
    params: ShareFileParams,
    query: ShareFileQuery,
  }),
  zip: route({
    method: 'GET',
    path: '/api/public/share-files/:shareId/archive.zip',
    params: z.object({ shareId: ShareFileParams.shape.shareId }),
    query: ShareZipQuery,
  }),
};
