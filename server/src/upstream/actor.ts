import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whom an upstream request is for: `user:<id>` for a signed-in user's request or download task, or
 * a kind of background work (`prefetch`, `crawl`). Each host's lane takes turns between actors, so
 * no one actor's flood delays another's requests. Set once where the work begins (the HTTP hook
 * after authentication, the download runner, background jobs) and read by the lane, so no service
 * in between carries it.
 */
const storage = new AsyncLocalStorage<string>();

/** Work that says nobody in particular (start-up, the admin's checks, tests). */
const NOBODY = 'background';

export const userActor = (userId: number) => `user:${userId}`;

/** Runs `work` (and everything it starts) on behalf of `actor`. */
export function actAs<T>(actor: string, work: () => T): T {
  return storage.run(actor, work);
}

/**
 * The rest of the current synchronous call and everything it starts acts for `actor` (for a
 * framework hook that hands on by calling `done()`).
 */
export function enterActor(actor: string): void {
  storage.enterWith(actor);
}

export function currentActor(): string {
  return storage.getStore() ?? NOBODY;
}
