export { RateLimits } from './rate-limits';
export { AuthService, RESET_DONE_MESSAGE } from './service';
export { ensureAdmin } from './bootstrap';
export { toUser, type UserRow } from './users';
export { UserAdmin } from './user-admin';
export { createAuth } from './create';
