export { FollowsService } from './service';
export { FollowStore } from './store';
export { FollowChecker } from './checker';
export { CheckStore } from './check-store';
export { FollowDelivery } from './delivery';
