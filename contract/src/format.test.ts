import { describe, expect, it } from 'vitest';
import { humanSize } from './format';

describe('humanSize', () => {
  it('uses binary units with two decimals below 10 and one above', () => {
    expect(humanSize(0)).toBe('0 B');
    expect(humanSize(1023)).toBe('1023 B');
    expect(humanSize(1536)).toBe('1.50 KB');
    expect(humanSize(25 * 1024 * 1024)).toBe('25.0 MB');
  });
});
