import type { TagEdits } from '@capshelf/contract';
import type { ImageTags } from './tagger';

/**
 * An image's tags with the user's edits (制作数据集): a replaced tag takes its new name, a removed
 * one (by its old or new name) is gone, and a tag that two names now share appears once with the
 * higher score. Highest score first, as the tagger gives them. The build applies this where it
 * reads a frame's tags, so captions, sidecars, rows and metadata all show the edited tags.
 */
export function editTags(tags: ImageTags | null, edits: TagEdits | undefined): ImageTags | null {
  if (!tags || !edits || (edits.remove.length === 0 && edits.replace.length === 0)) return tags;
  const removed = new Set(edits.remove);
  const renamed = new Map(edits.replace.map(({ from, to }) => [from, to]));
  const scores = new Map<string, number>();
  for (const { name, score } of tags.tags) {
    const next = renamed.get(name) ?? name;
    if (removed.has(name) || removed.has(next)) continue;
    scores.set(next, Math.max(score, scores.get(next) ?? 0));
  }
  const edited = [...scores].map(([name, score]) => ({ name, score }));
  edited.sort((a, b) => b.score - a.score);
  return { rating: tags.rating, tags: edited };
}
