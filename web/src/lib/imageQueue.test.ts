import { describe, expect, it } from 'vitest';
import { ImageLoadQueue } from './imageQueue';

/** Picks at once: each test step sees the queue's decision. */
const now = (pick: () => void) => pick();

function recorder() {
  const started: string[] = [];
  return { started, start: (name: string) => () => started.push(name) };
}

describe('ImageLoadQueue', () => {
  it('keeps at most `limit` images loading and starts the rest by rank as slots free', () => {
    const queue = new ImageLoadQueue(2, now);
    const { started, start } = recorder();
    const a = queue.enqueue(0, start('a'));
    queue.enqueue(1, start('b'));
    queue.enqueue(30, start('below'));
    queue.enqueue(5, start('c'));
    expect(started).toEqual(['a', 'b']);
    expect(queue.waiting).toBe(2);
    a.done();
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('drops what scrolled away before its turn', () => {
    const queue = new ImageLoadQueue(1, now);
    const { started, start } = recorder();
    const first = queue.enqueue(0, start('first'));
    const away = queue.enqueue(1, start('away'));
    queue.enqueue(2, start('next'));
    away.cancel();
    first.done();
    expect(started).toEqual(['first', 'next']);
    expect(queue.waiting).toBe(0);
  });

  it('lets an urgent image jump the queue, on one extra slot', () => {
    const queue = new ImageLoadQueue(2, now);
    const { started, start } = recorder();
    queue.enqueue(0, start('a'));
    queue.enqueue(1, start('b'));
    queue.enqueue(2, start('c'));
    queue.enqueue(99, start('lightbox'), true);
    expect(started).toEqual(['a', 'b', 'lightbox']);
    expect(queue.running).toBe(3);
  });

  it('ranks images that asked together, before starting any of them', () => {
    const picks: (() => void)[] = [];
    const queue = new ImageLoadQueue(1, (pick) => picks.push(pick));
    const { started, start } = recorder();
    queue.enqueue(50, start('lower'));
    queue.enqueue(10, start('top'));
    expect(started).toEqual([]);
    picks.shift()!();
    expect(started).toEqual(['top']);
  });

  it('frees a slot once, however often it is released', () => {
    const queue = new ImageLoadQueue(1, now);
    const { started, start } = recorder();
    const a = queue.enqueue(0, start('a'));
    queue.enqueue(1, start('b'));
    queue.enqueue(2, start('c'));
    a.done();
    a.cancel();
    expect(started).toEqual(['a', 'b']);
  });
});
