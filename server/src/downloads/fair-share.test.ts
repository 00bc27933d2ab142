import { describe, expect, it } from 'vitest';
import { nextTask, shouldYield, type Waiting } from './fair-share';

const task = (id: string, user: number, minute: number): Waiting => ({
  id,
  status: 'pending',
  user_id: user,
  created_at: `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('fair shares of the download slots', () => {
  it('starts the task of the user with the fewest running tasks, the oldest among equals', () => {
    const alice = [task('a1', 1, 0), task('a2', 1, 1), task('a3', 1, 2)];
    const bob = task('b1', 2, 5);
    expect(nextTask([...alice, bob], new Map())?.id).toBe('a1');
    expect(nextTask([...alice.slice(1), bob], new Map([[1, 1]]))?.id).toBe('b1');
    expect(
      nextTask(
        alice.slice(1),
        new Map([
          [1, 1],
          [2, 1],
        ]),
      )?.id,
    ).toBe('a2');
    expect(nextTask([], new Map([[1, 2]]))).toBeUndefined();
  });

  it('asks a task to yield only while its user holds more than a share and someone waits with nothing running', () => {
    const bobWaits = [task('b1', 2, 5)];
    expect(shouldYield(1, bobWaits, new Map([[1, 2]]))).toBe(true);
    // One slot each: nobody holds more than a share.
    expect(shouldYield(1, bobWaits, new Map([[1, 1]]))).toBe(false);
    // Bob already runs something: his other task waits its turn.
    expect(
      shouldYield(
        1,
        bobWaits,
        new Map([
          [1, 2],
          [2, 1],
        ]),
      ),
    ).toBe(false);
    // Only alice's own tasks wait.
    expect(shouldYield(1, [task('a3', 1, 2)], new Map([[1, 2]]))).toBe(false);
    // Three users, two slots both alice's: one goes back.
    const two = [task('b1', 2, 5), task('c1', 3, 6)];
    expect(shouldYield(1, two, new Map([[1, 2]]))).toBe(true);
  });
});
