import { describe, expect, it } from 'vitest';
import { cjkLeft } from './cjk';

describe('cjkLeft', () => {
  it('finds Chinese text and read attributes, and skips user content', () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <p>3 selected</p>
      <p>已选择 3 张</p>
      <button aria-label="关闭">x</button>
      <input placeholder="Image ID" title="（提示）">
      <h1 data-user-content="">のんのんびより <span title="非">日常</span></h1>
      <a data-user-content="">代行証</a>
      <input type="checkbox" aria-label="Select 代行証">
      <input type="checkbox" aria-label="选择 代行証">`;
    expect(cjkLeft(root)).toEqual([
      '已选择 3 张',
      'aria-label="关闭"',
      'title="（提示）"',
      'aria-label="选择 代行証"',
    ]);
  });
});
