export { createFollows } from './create';
export { CheckStore } from './check-store';
export { FollowChecker } from './checker';
export type { FeedService } from './feed';
export type { FollowsService } from './service';
