import { describe, expect, it } from 'vitest';
import { imageUrl } from './imageUrl';

const base = '/api/images/7.jpg?kind=anime';
const underPreference = {
  thumb_url: `${base}&size=thumb`,
  small_url: `${base}&size=small`,
  large_url: `${base}&size=large&cdn=small`,
};

describe('the URL an image is shown and opened at', () => {
  it('is the original for 原图 even under the small-CDN preference', () => {
    expect(imageUrl(underPreference, 'original')).toBe(`${base}&size=large`);
  });

  it('is the compressed host for 压缩图 and the thumbnail for 缩略图', () => {
    expect(imageUrl(underPreference, 'compressed')).toBe(`${base}&size=small`);
    expect(imageUrl(underPreference, 'thumb')).toBe(`${base}&size=thumb`);
  });

  it('leaves a URL without the preference as the server gave it', () => {
    const plain = { ...underPreference, large_url: `${base}&size=large` };
    expect(imageUrl(plain, 'original')).toBe(plain.large_url);
  });
});
