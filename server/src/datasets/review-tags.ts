import type { ReviewTagsResponse } from '@capshelf/contract';
import type { Kind } from '../config';
import type { ImageTagger } from './tagger';

/** Most tags the review's tag editing lists. */
const TOP_TAGS = 60;

/**
 * 制作数据集's tag editing: how many of the given frames carry each tag, from the tags stored by
 * earlier exports (shared image facts, docs/datasets.md "Tags"). It reads the database only: no
 * inference runs and nothing is fetched, so a frame never tagged counts for nothing yet.
 */
export class ReviewTags {
  constructor(private readonly tagger: ImageTagger | null) {}

  async count(kind: Kind, ids: number[]): Promise<ReviewTagsResponse> {
    if (!this.tagger) return { tagger: false, tagged: 0, tags: [] };
    const known = await this.tagger.known(kind, ids);
    const counts = new Map<string, number>();
    for (const { tags } of known.values())
      for (const { name } of tags) counts.set(name, (counts.get(name) ?? 0) + 1);
    const tags = [...counts]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, TOP_TAGS);
    return { tagger: true, tagged: known.size, tags };
  }
}
