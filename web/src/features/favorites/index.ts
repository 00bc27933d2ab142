export { FavoriteHeart, favoriteFailure } from './FavoriteHeart';
export { useFavoriteLookup, buildFavoriteLookup, favoriteIdOf } from './lookup';
export {
  episodeTarget,
  imageOrigin,
  imageTarget,
  knownWorkTarget,
  originOfImage,
  workTarget,
  type FavoriteTarget,
  type ImageOrigin,
  type ImageOrigins,
} from './targets';
