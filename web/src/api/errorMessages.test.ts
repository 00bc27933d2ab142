import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChangePasswordRequest, validationMessages } from '@capshelf/contract';
import { catalogues, i18n } from '../i18n';
import { contractMessage, firstIssue, newPasswordProblem } from '../lib/validation';
import { ApiError, errorMessage, serverMessage } from './errors';

const english = () => i18n.changeLanguage('en');

describe('error messages by language', () => {
  it("shows the server's Chinese detail as is in zh-CN", () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', '当前密码不正确');
    expect(errorMessage(error, '失败')).toBe('当前密码不正确');
    expect(errorMessage(new ApiError(409, 'CONFLICT', '别的说法'), '失败')).toBe('别的说法');
  });

  it('translates a known fixed detail of a shared code in en', async () => {
    await english();
    expect(errorMessage(new ApiError(400, 'VALIDATION_FAILED', '当前密码不正确'), 'x')).toBe(
      'The current password is not correct',
    );
    expect(errorMessage(new ApiError(400, 'VALIDATION_FAILED', '修改邮箱需要输入当前密码'))).toBe(
      'Changing the email needs your current password',
    );
    expect(errorMessage(new ApiError(401, 'UNAUTHENTICATED', '邮箱或密码错误'))).toBe(
      'Wrong email or password',
    );
  });

  it("translates a validation answer `field: message` from the contract's messages in en", async () => {
    await english();
    const error = new ApiError(400, 'VALIDATION_FAILED', 'new_password: 密码长度至少为8位');
    expect(errorMessage(error)).toBe('The password must be at least 8 characters long');
  });

  it('shows the text of a code that means one thing in en, with the wait when known', async () => {
    await english();
    expect(errorMessage(new ApiError(504, 'UPSTREAM_TIMEOUT', '源站响应超时，请稍后重试'))).toBe(
      'The source site took too long to answer; please try again later',
    );
    const limited = new ApiError(429, 'UPSTREAM_RATE_LIMITED', '源站访问频率受限…', {
      detail: '…',
      retry_after: 30,
    });
    expect(errorMessage(limited)).toBe(
      'The source site is limiting requests (429 rate limit); please try again in 30 seconds',
    );
  });

  it('names the download limit a 429 hit, in en', async () => {
    await english();
    const limit = (kind: string, max: number) =>
      new ApiError(429, 'TOO_MANY_REQUESTS', '最多同时进行…', {
        code: 'TOO_MANY_REQUESTS',
        retry_after: 30,
        task_limit: { kind, max },
      });
    expect(errorMessage(limit('work', 1))).toBe(
      'Only 1 whole-work download can run at a time; wait for it to finish',
    );
    expect(errorMessage(limit('unfinished', 3))).toBe(
      'At most 3 downloads can be unfinished at a time; wait for one to finish',
    );
    expect(errorMessage(limit('other', 3))).toBe('Too many requests; please try again later');
  });

  it("falls back to the screen's own text for an unknown detail in en, never Chinese", async () => {
    await english();
    expect(errorMessage(new ApiError(409, 'CONFLICT', '一条新的说法'), 'Could not save')).toBe(
      'Could not save',
    );
    expect(errorMessage(new ApiError(500, undefined, undefined))).toBe('Request failed');
    expect(serverMessage('一条新的说法', 'Done')).toBe('Done');
    expect(serverMessage('已移除', 'Done')).toBe('Removed');
  });
});

describe("the contract's messages on the page", () => {
  it('are the Chinese wording in zh-CN and English in en', async () => {
    expect(newPasswordProblem('Ab1', 'Ab1')).toBe('密码长度至少为8位');
    await english();
    expect(newPasswordProblem('Ab1', 'Ab1')).toBe(
      'The password must be at least 8 characters long',
    );
    expect(newPasswordProblem('Abcdefgh1', 'Abcdefgh2')).toBe('The two passwords do not match');
    const parsed = ChangePasswordRequest.safeParse({ current_password: '', new_password: 'x' });
    expect(parsed.success).toBe(false);
    expect(firstIssue(parsed.error!)).toBe('Please enter your current password');
    expect(contractMessage('zod 自己的说法')).toBe('Invalid input');
  });

  it('has an English text for every contract message', () => {
    const en = catalogues.en.validation as Record<string, string>;
    expect(Object.keys(validationMessages).filter((key) => !en[key])).toEqual([]);
  });
});

/** Every file of a folder, recursively. */
function read(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? read(path) : readFileSync(path, 'utf8')))
    .join('\n');
}

describe("the server's fixed texts the page translates", () => {
  it('are still what the server and contract say (a changed text would fall back silently)', () => {
    const root = join(__dirname, '../../..');
    const sources = read(join(root, 'server/src')) + read(join(root, 'contract/src'));
    const details = catalogues['zh-CN'].errors!.detail as Record<string, string>;
    expect(Object.values(details).filter((text) => !sources.includes(text))).toEqual([]);
  });
});
