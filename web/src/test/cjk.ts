import { expect } from 'vitest';

/** CJK radicals, punctuation, kana and ideographs, and the full-width forms (，：（）). */
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;

/** Attributes a user reads or hears, besides the text. */
const READ_ATTRIBUTES = ['aria-label', 'aria-valuetext', 'title', 'placeholder', 'alt'];

/** Inside an element marked as user data (a source title, a user's name) anything goes. */
const USER_CONTENT = '[data-user-content]';

export const hasCjk = (text: string) => CJK.test(text);

/**
 * Every text and read attribute under `root` with a CJK character in it, outside elements
 * marked `data-user-content`: what an English page still shows in Chinese. A label that names
 * user data shown on the page ("Select のんのんびより") counts without that name.
 */
export function cjkLeft(root: Element): string[] {
  const userTexts = [...root.querySelectorAll(USER_CONTENT)]
    .map((element) => element.textContent?.trim() ?? '')
    .filter(hasCjk)
    .sort((a, b) => b.length - a.length);
  const leftover = (text: string) =>
    hasCjk(userTexts.reduce((rest, user) => rest.split(user).join(''), text));

  const found: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (leftover(text) && !node.parentElement?.closest(USER_CONTENT)) found.push(text.trim());
  }
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (element.closest(USER_CONTENT)) continue;
    for (const name of READ_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value && leftover(value)) found.push(`${name}="${value}"`);
    }
  }
  return found;
}

/** Fails with the leftovers listed when `root` still shows CJK text outside user data. */
export function expectNoCjk(root: Element): void {
  expect(cjkLeft(root), 'CJK text outside data-user-content').toEqual([]);
}
