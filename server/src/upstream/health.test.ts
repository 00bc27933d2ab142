import { describe, expect, it } from 'vitest';
import { HostBook } from './health';

const HOUR = 3_600_000;

describe('host book', () => {
  it('counts requests of the last hour and the last day, and forgets older ones', () => {
    let now = Date.parse('2026-11-23T00:00:00Z');
    const book = new HostBook(() => now);
    book.countRequest('fancaps.net');
    now += 2 * HOUR;
    book.countRequest('fancaps.net');
    book.countRequest('fancaps.net');
    expect(book.status('fancaps.net')).toMatchObject({ requestsLastHour: 2, requestsLastDay: 3 });
    now += 23 * HOUR;
    book.countRequest('fancaps.net');
    expect(book.status('fancaps.net')).toMatchObject({
      requestsLastHour: 1,
      requestsLastDay: 3,
      requestsSent: 4,
    });
  });

  it('keeps the latest outcomes with their status codes, newest first', () => {
    let now = Date.parse('2026-11-23T00:00:00Z');
    const book = new HostBook(() => now);
    for (let i = 0; i < 12; i++) {
      now += 1000;
      book.recordOutcome('fancaps.net', i === 11 ? 'challenged' : 'ok', i === 11 ? 403 : 200);
    }
    const { recent } = book.status('fancaps.net');
    expect(recent).toHaveLength(10);
    expect(recent[0]).toEqual({
      at: new Date(now).toISOString(),
      outcome: 'challenged',
      status: 403,
    });
    expect(recent[1]).toMatchObject({ outcome: 'ok', status: 200 });
  });

  it('ends a cool-down on demand', () => {
    const now = Date.parse('2026-11-23T00:00:00Z');
    const book = new HostBook(() => now);
    book.startCoolDown('fancaps.net', 60_000);
    expect(book.status('fancaps.net').status).toBe('rate_limited');
    book.endCoolDown('fancaps.net');
    expect(book.status('fancaps.net').status).toBe('ok');
  });
});
