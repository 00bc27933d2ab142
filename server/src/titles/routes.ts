import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../routing';
import { hasCjk } from './normalise';
import { suggest } from './suggest';
import type { TitleTable } from './table';

/** Suggestions while a Chinese or Japanese name is typed: the local table only, never the source. */
export function titleRoutes({ table }: { table: TitleTable }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, api.catalog.titleSuggestions, async (request) => {
      const { q } = request.query;
      if (!hasCjk(q)) return { suggestions: [] };
      return {
        suggestions: suggest(table.index(), q).map((s) => ({
          chinese_name: s.chineseName,
          original_title: s.originalTitle,
          year: s.year,
          type: s.type,
        })),
      };
    });
  };
}
