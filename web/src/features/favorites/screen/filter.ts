import type { FavoriteLists } from '@capshelf/contract';

/** Case-insensitive substring search over titles, work/episode titles and works' Chinese names. */
export function filterFavorites(lists: FavoriteLists, text: string): FavoriteLists {
  const needle = text.trim().toLowerCase();
  if (!needle) return lists;
  const hit = (...fields: (string | null | undefined)[]) =>
    fields.some((f) => f?.toLowerCase().includes(needle));
  return {
    works: lists.works.filter((w) => hit(w.title, w.chinese_name)),
    episodes: lists.episodes.filter((e) => hit(e.title, e.work_title, e.work_chinese_name)),
    images: lists.images.filter((i) => hit(i.work_title, i.episode_title, i.work_chinese_name)),
  };
}

/** A work's title with its Chinese name after it, when the server has one ('' stays ''). */
export const withChineseName = (title: string, chineseName?: string | null) =>
  title && chineseName ? `${title} · ${chineseName}` : title;

export interface Group<T> {
  title: string;
  items: T[];
}

/** Items grouped by `titleOf`, groups in order of first appearance (lists are newest first). */
export function groupBy<T>(items: readonly T[], titleOf: (item: T) => string): Group<T>[] {
  const groups = new Map<string, Group<T>>();
  for (const item of items) {
    const title = titleOf(item);
    const group = groups.get(title) ?? { title, items: [] };
    group.items.push(item);
    groups.set(title, group);
  }
  return [...groups.values()];
}

/** `fancaps-favorites-YYYY-MM-DD.json`, in the visitor's local date. */
export function exportFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `fancaps-favorites-${date}.json`;
}
