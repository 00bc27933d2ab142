import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { SHARE_PAGE_HEADERS } from '../../shares';

/**
 * Serves the built page: hashed assets cached for a year, index.html never cached, and every
 * non-API GET that is not a file falls back to index.html so client routes survive a reload.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string) {
  const hasBuild = existsSync(path.join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // The path alone: a request line may be in absolute form (`GET http://host/api/x`).
    const pathOnly = request.url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '');
    const isPage = ['GET', 'HEAD'].includes(request.method) && !pathOnly.startsWith('/api/');
    if (hasBuild && isPage) {
      // A share's public page: no referrer leaves it, no search engine keeps it.
      if (pathOnly.startsWith('/s/')) reply.headers(SHARE_PAGE_HEADERS);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw notFound(isPage ? '页面尚未构建，请先运行 npm start' : '接口不存在');
  });
}
