export { FavoriteHeart, favoriteFailure, LOGIN_REQUIRED } from './FavoriteHeart';
export { useFavoriteLookup, buildFavoriteLookup, favoriteIdOf } from './lookup';
export {
  episodeTarget,
  imageOrigin,
  imageTarget,
  workTarget,
  type FavoriteTarget,
  type ImageOrigin,
} from './targets';
