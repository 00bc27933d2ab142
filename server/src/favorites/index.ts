export { FavoritesService } from './service';
export type { ImageUrlParser } from './inputs';
