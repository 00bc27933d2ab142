import type { Kind } from '../../config';
import type { ImageTagger, ImageTags } from './tagger';

/**
 * One job's view of the tagger: a group's stored tags read at once, and only the images without
 * any tagged (one at a time, through the tagger's queue). An image that cannot be tagged (a
 * broken file) goes into the archive with no tags rather than failing the job: empty, not absent,
 * so its row has the same columns as every other.
 */
export class JobTags {
  private known = new Map<string, ImageTags>();

  constructor(private readonly tagger: ImageTagger) {}

  async prepare(items: { kind: Kind; id: number }[]): Promise<void> {
    const byKind = new Map<Kind, number[]>();
    for (const item of items) {
      const ids = byKind.get(item.kind);
      if (ids) ids.push(item.id);
      else byKind.set(item.kind, [item.id]);
    }
    this.known.clear();
    for (const [kind, ids] of byKind)
      for (const [id, tags] of await this.tagger.known(kind, ids))
        this.known.set(`${kind}:${id}`, tags);
  }

  /** The frame's tags; its picture is read only when the model has to run on it. */
  async of(kind: Kind, id: number, picture: () => Promise<Buffer>): Promise<ImageTags> {
    const known = this.known.get(`${kind}:${id}`);
    if (known) return known;
    return picture()
      .then((body) => this.tagger.tag(kind, id, body))
      .catch(() => ({ rating: null, tags: [] }));
  }
}
