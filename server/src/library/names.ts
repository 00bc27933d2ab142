import type { Kind } from '../config';

/** Shown when the directory never learned a title (e.g. an image fetched by id only). */
export const UNCATEGORIZED_NAME = '未分类';
export const workName = (title: string | null | undefined, id: number) =>
  title || `未命名作品 #${id}`;
export const episodeName = (label: string | null | undefined, id: number) =>
  label || `未命名剧集 #${id}`;

/** A movie is its own single episode, named like the movie. */
export const episodeNameOf = (
  kind: Kind,
  id: number,
  label: string | null | undefined,
  workTitle: string | null | undefined,
) => (kind === 'movie' ? workName(workTitle, id) : episodeName(label, id));
