import { describe, expect, it } from 'vitest';
import { HostLane } from './lane';

describe("a host's lane", () => {
  it('gives the place back when a request is abandoned just before it is sent', async () => {
    const lane = new HostLane({ concurrency: 1, spacingMs: 0, jitterMs: 0 }, Date.now, () => 0);
    const stop = new AbortController();
    let checks = 0;
    // The caller gives up during the last check before sending, after the request took a place.
    const abandoned = lane.run(
      () => Promise.resolve('sent'),
      async () => {
        checks += 1;
        if (checks === 2) {
          stop.abort(new Error('caller left'));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      },
      stop.signal,
    );
    await expect(abandoned).rejects.toThrow('caller left');
    // The only place is free again: the next request goes through.
    await expect(
      lane.run(
        () => Promise.resolve('next'),
        () => undefined,
      ),
    ).resolves.toBe('next');
  });
});
