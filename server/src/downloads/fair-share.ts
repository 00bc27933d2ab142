/** A task that could start now: pending, or paused with its time come. */
export interface Waiting {
  id: string;
  status: 'pending' | 'paused';
  user_id: number;
  created_at: string;
}

/** Running tasks per user, across every process. */
export type RunningByUser = ReadonlyMap<number, number>;

/**
 * Round-robin across users: the waiting task of the user with the fewest running tasks, the
 * oldest first among equals (a task that yielded its slot keeps its age, so it comes back first
 * among its user's tasks).
 */
export function nextTask(waiting: Waiting[], running: RunningByUser): Waiting | undefined {
  let best: Waiting | undefined;
  for (const task of waiting) {
    if (!best) {
      best = task;
      continue;
    }
    const [mine, theirs] = [running.get(task.user_id) ?? 0, running.get(best.user_id) ?? 0];
    if (mine < theirs || (mine === theirs && task.created_at < best.created_at)) best = task;
  }
  return best;
}

/**
 * Whether a running task of `userId` should give its slot back: some user with nothing running is
 * waiting, and `userId` holds more than its share of the running slots (shared out among every
 * user that runs or waits).
 */
export function shouldYield(userId: number, waiting: Waiting[], running: RunningByUser): boolean {
  const starved = waiting.some((t) => t.user_id !== userId && !running.get(t.user_id));
  if (!starved) return false;
  const users = new Set([...waiting.map((t) => t.user_id), ...running.keys()]);
  const total = [...running.values()].reduce((a, b) => a + b, 0);
  return (running.get(userId) ?? 0) > Math.ceil(total / users.size);
}
