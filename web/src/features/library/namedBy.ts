/** NFKC and lower case: how a filter and a name compare (ａｂｃ, ABC and abc alike). */
const fold = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ');

/**
 * A filter over works already on the page (the history library has them all): the source's title
 * or the Chinese name contains the text; an empty text keeps every work.
 */
export function namedBy(text: string) {
  const needle = fold(text.trim());
  return (work: { show_name: string; chinese_name?: string | null }) =>
    needle === '' ||
    fold(work.show_name).includes(needle) ||
    (work.chinese_name != null && fold(work.chinese_name).includes(needle));
}
