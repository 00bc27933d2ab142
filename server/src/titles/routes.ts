import path from 'node:path';
import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import type { Titles } from './create';
import { hasCjk } from './normalise';
import { suggest } from './suggest';

const admin = { config: { access: 'admin' as const } };

/**
 * Suggestions while a Chinese or Japanese name is typed (the local table only, never the source),
 * and the works' Chinese names: a result of a Chinese query opened, an admin's correction.
 */
export function titleRoutes({ titles }: { titles: Titles }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, api.catalog.titleSuggestions, async (request) => {
      const { q } = request.query;
      if (!hasCjk(q)) return { suggestions: [] };
      return {
        suggestions: suggest(titles.table.index(), q).map((s) => ({
          chinese_name: s.chineseName,
          ref: s.ref,
          original_title: s.originalTitle,
          year: s.year,
          type: s.type,
        })),
      };
    });

    serve(app, api.catalog.titlesSource, async () => ({
      // The file's name only: the server's directories are none of the page's business.
      titles_file: titles.table.file && path.basename(titles.table.file),
    }));

    const routes = api.catalog.workTitles;
    serve(app, routes.opened, async (request) => {
      const { kind, id, ref } = request.body;
      return { chinese_title: await titles.works.opened({ kind, id }, ref) };
    });

    serve(app, routes.correct, admin, async (request) => {
      const { kind, id } = request.params;
      const adminId = currentUser(request).id;
      return { chinese_title: await titles.works.correct(adminId, { kind, id }, request.body.ref) };
    });

    serve(app, routes.remove, admin, async (request) => {
      const { kind, id } = request.params;
      return {
        chinese_title: await titles.works.correct(currentUser(request).id, { kind, id }, null),
      };
    });
  };
}
