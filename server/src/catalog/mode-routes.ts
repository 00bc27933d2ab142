import { api } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import { serve } from '../routing';
import type { ModePreferences } from './mode-preference';

const routes = api.catalog.modePreference;

/** Each user's choice of how an episode's images are read (smart or fast). */
export function modePreferenceRoutes({ modes }: { modes: ModePreferences }): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, routes.get, async (request) => ({
      image_mode: await modes.get(currentUser(request).id),
    }));

    serve(app, routes.set, async (request) => {
      await modes.set(currentUser(request).id, request.body.image_mode);
      return { image_mode: request.body.image_mode };
    });
  };
}
