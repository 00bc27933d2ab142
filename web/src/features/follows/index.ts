export { FollowToggle } from './FollowToggle';
export { NewEpisodes } from './NewEpisodes';
export { NewEpisodesBadge } from './NewEpisodesBadge';
