import { ImageModePreference, SetImageModeRequest } from '@capshelf/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/request-user';
import type { ModePreferences } from './mode-preference';

/** Each user's choice of how an episode's images are read (smart or fast). */
export function modePreferenceRoutes({ modes }: { modes: ModePreferences }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/mode-preference',
      { schema: { response: { 200: ImageModePreference } } },
      async (request) => ({ image_mode: await modes.get(currentUser(request).id) }),
    );

    app.put(
      '/mode-preference',
      { schema: { body: SetImageModeRequest, response: { 200: ImageModePreference } } },
      async (request) => {
        await modes.set(currentUser(request).id, request.body.image_mode);
        return { image_mode: request.body.image_mode };
      },
    );
  };
}
