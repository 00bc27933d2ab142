import { describe, expect, it } from 'vitest';
import { formatDate, roleLabel } from './labels';

describe('profile labels', () => {
  it('names the roles and falls back to 普通用户', () => {
    expect(roleLabel('admin')).toBe('管理员');
    expect(roleLabel('user')).toBe('普通用户');
    expect(roleLabel('owner')).toBe('普通用户');
    expect(roleLabel(undefined)).toBe('普通用户');
  });

  it("shows '未知' for missing or invalid dates", () => {
    expect(formatDate(undefined)).toBe('未知');
    expect(formatDate('')).toBe('未知');
    expect(formatDate('not a date')).toBe('未知');
    expect(formatDate('2026-01-02T03:04:05Z')).not.toBe('未知');
  });
});
