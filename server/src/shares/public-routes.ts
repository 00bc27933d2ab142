import { api, SHARE_GRANT_HEADER } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../downloads';
import { idOfImageFile, type ImageStore } from '../images';
import type { Logger } from '../logger';
import { serve } from '../routing';
import type { ObjectStore } from '../storage';
import { chargedToUser } from '../upstream';
import { shareArchive } from './archive';
import type { SharesService } from './service';
import { grantExpiry } from './signing';

const routes = api.shares;
const visitor = { config: { access: 'public' as const } };
/** A counted visit of one share (`<expiry>.<signature>`, signed with the share's key). */
const VISIT_COOKIE = 'capshelf_share_visit';
/** What every answer to a visitor says: no referrer leaves the page, no search engine keeps it. */
export const SHARE_PAGE_HEADERS = {
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
};

/**
 * The public side of share links (no account: the link's token is the key). Images and the archive
 * are fetched for the share's owner, on their budget, never a visitor's or another user's.
 */
export function sharePublicRoutes({
  shares,
  images,
  files,
}: {
  shares: SharesService;
  images: ImageStore;
  files: { storage: ObjectStore; logger: Logger };
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.headers(SHARE_PAGE_HEADERS);
    });

    serve(app, routes.open, visitor, async (request, reply) => {
      const { token } = request.params;
      const grant = request.headers[SHARE_GRANT_HEADER];
      const { share, visit } = await shares.open(
        token,
        typeof grant === 'string' ? grant : undefined,
        request.cookies[VISIT_COOKIE],
      );
      if (visit) {
        // Only this share's own address sees it: a reload within the visit counts no view again.
        reply.setCookie(VISIT_COOKIE, visit, {
          path: `/api/public/shares/${token}`,
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          maxAge: Math.max(0, grantExpiry(visit) - Math.floor(Date.now() / 1000)),
        });
      }
      return reply.header('cache-control', 'no-store').send(share);
    });

    serve(app, routes.unlock, visitor, async (request, reply) => {
      const grant = await shares.unlock(request.params.token, request.body.password, request.ip);
      return reply.header('cache-control', 'no-store').send({ grant });
    });

    serve(app, routes.zip, visitor, async (request, reply) => {
      const { row, images: shown } = await shares.archive(request.params.shareId, request.query);
      const stream = await chargedToUser(row.user_id, () =>
        shareArchive({ images, ...files }, shown),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(`${row.title || `share-${row.id}`}.zip`))
        .header('cache-control', 'no-store')
        .send(stream);
    });

    serve(app, routes.file, visitor, async (request, reply) => {
      const id = idOfImageFile(request.params.file);
      const { owner, kind, size } = await shares.file(request.params.shareId, id, request.query);
      const image = await chargedToUser(owner, () => images.serve(kind, id, size));
      const seconds = Math.max(0, request.query.exp - Math.floor(Date.now() / 1000));
      return reply
        .header('content-type', 'image/jpeg')
        .header('content-length', image.bytes)
        .header('cache-control', `private, max-age=${Math.min(seconds, 3600)}`)
        .send(image.body);
    });
  };
}
