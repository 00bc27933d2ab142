import { describe, expect, it } from 'vitest';
import { editTags } from './tag-edits';

const tags = {
  rating: 'general',
  tags: [
    { name: '1girl', score: 0.98 },
    { name: 'solo', score: 0.9 },
    { name: 'blue_hair', score: 0.7 },
    { name: 'aqua_hair', score: 0.75 },
    { name: 'smile', score: 0.5 },
  ],
};

describe('editTags', () => {
  it('leaves the tags as they are without edits', () => {
    expect(editTags(tags, undefined)).toBe(tags);
    expect(editTags(tags, { remove: [], replace: [] })).toBe(tags);
    expect(editTags(null, { remove: ['solo'], replace: [] })).toBeNull();
  });

  it('removes a tag and renames one, keeping the highest score first', () => {
    const edited = editTags(tags, {
      remove: ['solo'],
      replace: [{ from: 'smile', to: 'happy' }],
    });
    expect(edited).toEqual({
      rating: 'general',
      tags: [
        { name: '1girl', score: 0.98 },
        { name: 'aqua_hair', score: 0.75 },
        { name: 'blue_hair', score: 0.7 },
        { name: 'happy', score: 0.5 },
      ],
    });
  });

  it('merges a tag replaced by one the image already has, once with the higher score', () => {
    const edited = editTags(tags, {
      remove: [],
      replace: [{ from: 'blue_hair', to: 'aqua_hair' }],
    });
    expect(edited?.tags.map((t) => t.name)).toEqual(['1girl', 'solo', 'aqua_hair', 'smile']);
    expect(edited?.tags.find((t) => t.name === 'aqua_hair')?.score).toBe(0.75);
  });

  it('removes a tag by its new name too', () => {
    const edited = editTags(tags, { remove: ['happy'], replace: [{ from: 'smile', to: 'happy' }] });
    expect(edited?.tags.map((t) => t.name)).toEqual(['1girl', 'solo', 'aqua_hair', 'blue_hair']);
  });
});
