import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whom an upstream request is for: `user:<id>` for a signed-in user's request or download task, or
 * a kind of background work (`prefetch`). Each host's lane takes turns between actors, so no one
 * actor's flood delays another's requests. Set once where the work begins (the HTTP hook after
 * authentication, the download runner, background jobs) and read by the lane and the per-user
 * limits, so no service in between carries it.
 */
interface Acting {
  actor: string;
  /** A user's own interactive request: its costly calls count against their limits (user-budget.ts). */
  charged: boolean;
}

const storage = new AsyncLocalStorage<Acting>();

/** Work that says nobody in particular (start-up, the admin's checks, tests). */
const NOBODY: Acting = { actor: 'background', charged: false };

export const userActor = (userId: number) => `user:${userId}`;

/** Runs `work` (and everything it starts) on behalf of `actor`, never charged to a user's limits. */
export function actAs<T>(actor: string, work: () => T): T {
  return storage.run({ actor, charged: false }, work);
}

/**
 * The rest of the current synchronous call and everything it starts is this user's own request
 * (for a framework hook that hands on by calling `done()`).
 */
export function enterUserRequest(userId: number): void {
  storage.enterWith({ actor: userActor(userId), charged: true });
}

/**
 * Runs `work` as this user's own request, charged to their limits, whoever asked: a visitor of a
 * user's share link spends the owner's budget, never another user's.
 */
export function chargedToUser<T>(userId: number, work: () => T): T {
  return storage.run({ actor: userActor(userId), charged: true }, work);
}

export function currentActor(): string {
  return (storage.getStore() ?? NOBODY).actor;
}

/** The actor whose limits the current work counts against, or null (background, downloads). */
export function chargedActor(): string | null {
  const acting = storage.getStore();
  return acting?.charged ? acting.actor : null;
}
