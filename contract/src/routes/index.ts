import { favoriteRoutes } from './favorites';

/** Every route of the API, by capability: the one description both ends use. */
export const api = {
  favorites: favoriteRoutes,
};
