import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, messageFromBody } from './errors';

describe('messageFromBody', () => {
  it('prefers a string detail', () => {
    expect(messageFromBody({ detail: '邮箱或密码错误', message: 'other' })).toBe('邮箱或密码错误');
  });

  it('falls back to detail.message when detail is an object', () => {
    const body = { detail: { error: 'MOVIE_NO_EPISODES', message: '电影没有剧集列表' } };
    expect(messageFromBody(body)).toBe('电影没有剧集列表');
  });

  it('falls back to a top-level message', () => {
    expect(messageFromBody({ detail: { error: 'X' }, message: '出错了' })).toBe('出错了');
  });

  it('gives nothing for bodies without text', () => {
    expect(messageFromBody(undefined)).toBeUndefined();
    expect(messageFromBody({ detail: 42 })).toBeUndefined();
  });
});

describe('ApiError and errorMessage', () => {
  it("uses '请求失败' when the server gave no text", () => {
    expect(new ApiError(500, undefined, undefined).message).toBe('请求失败');
    expect(errorMessage(new ApiError(500, undefined, undefined))).toBe('请求失败');
  });

  it('shows the server text, else the screen fallback', () => {
    expect(errorMessage(new ApiError(409, 'CONFLICT', '邮箱已被使用'), '保存失败')).toBe(
      '邮箱已被使用',
    );
    expect(errorMessage(new ApiError(502, undefined, undefined), '保存失败')).toBe('保存失败');
    expect(errorMessage(new Error('boom'), '保存失败')).toBe('保存失败');
  });
});
