import { describe, expect, it } from 'vitest';
import { NewPassword, passwordProblem } from './auth';
import { messageKey, validationMessages } from './messages';

describe('validation messages', () => {
  it('are unique, so a text names one key', () => {
    const texts = Object.values(validationMessages);
    expect(new Set(texts).size).toBe(texts.length);
    for (const [key, text] of Object.entries(validationMessages))
      expect(messageKey(text)).toBe(key);
    expect(messageKey('not one of them')).toBeUndefined();
  });

  it('the password rule answers keys; the schema answers their Chinese text', () => {
    expect(passwordProblem('')).toBe('passwordEmpty');
    expect(passwordProblem('Ab1')).toBe('passwordTooShort');
    expect(passwordProblem('abcdefgh1')).toBe('passwordWeak');
    expect(passwordProblem('Abcdefgh1')).toBeNull();
    const parsed = NewPassword.safeParse('Ab1');
    expect(parsed.error?.issues[0]?.message).toBe('密码长度至少为8位');
  });
});
