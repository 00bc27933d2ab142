import PQueue from 'p-queue';
import type { Kind } from '../../config';
import { RATING_CATEGORY, type TagLabel } from './labels';
import type { TaggerModel } from './model';
import { taggerInput } from './preprocess';
import type { ImageTagStore, TagScore } from './store';

/** Scores below this are not stored; the threshold is at least this (config: TAGGER_THRESHOLD). */
export const STORED_SCORE_FLOOR = 0.05;

/** An image's tags as the archive writes them. */
export interface ImageTags {
  /** The rating tag (category 9) that scored highest, e.g. `general`; never a caption tag. */
  rating: string | null;
  /** General and character tags at or above the threshold, highest score first. */
  tags: { name: string; score: number }[];
}

/**
 * Tags images with the admin's WD14 model, once per image and model: the scores are stored, so a
 * second job (anyone's) reads them instead of running the model again. One image is tagged at a
 * time, whoever asks, so the model never takes more than its one core.
 */
export class ImageTagger {
  /** Images the model ran on since start (tests check that a second job runs none). */
  inferences = 0;
  private readonly queue = new PQueue({ concurrency: 1 });
  private readonly running = new Map<string, Promise<TagScore[]>>();

  constructor(
    private readonly deps: {
      model: TaggerModel;
      /** The model's short name (`taggerModelName`), which the page shows. */
      name: string;
      labels: TagLabel[];
      /** The model and label files' fingerprint: stored tags of another model are not read. */
      fingerprint: string;
      threshold: number;
      store: ImageTagStore;
    },
  ) {}

  /** The model's short name, e.g. `wd-eva02-large-tagger-v3`. */
  get name(): string {
    return this.deps.name;
  }

  /** The stored tags of those of `ids` already tagged by this model, by id. */
  async known(kind: Kind, ids: number[]): Promise<Map<number, ImageTags>> {
    const stored = await this.deps.store.scoresOf(kind, ids, this.deps.fingerprint);
    return new Map([...stored].map(([id, scores]) => [id, this.tagsOf(scores)]));
  }

  /** Runs the model on the image (its file or bytes, after any image queued before it) and stores the result. */
  async tag(kind: Kind, id: number, file: string | Buffer): Promise<ImageTags> {
    const key = `${kind}:${id}`;
    let scores = this.running.get(key);
    if (!scores) {
      scores = this.queue.add(() => this.infer(kind, id, file));
      this.running.set(key, scores);
      void scores.finally(() => this.running.delete(key)).catch(() => undefined);
    }
    return this.tagsOf(await scores);
  }

  private async infer(kind: Kind, id: number, file: string | Buffer): Promise<TagScore[]> {
    const { model, labels, store, fingerprint } = this.deps;
    const output = await model.run(await taggerInput(file, model.size));
    this.inferences++;
    const scores: TagScore[] = [];
    for (const [i, label] of labels.entries()) {
      const score = output[i]!;
      if (score >= STORED_SCORE_FLOOR || label.category === RATING_CATEGORY)
        scores.push([label.name, label.category, Math.round(score * 10_000) / 10_000]);
    }
    await store.save(kind, id, fingerprint, scores);
    return scores;
  }

  private tagsOf(scores: TagScore[]): ImageTags {
    let rating: TagScore | null = null;
    const tags: ImageTags['tags'] = [];
    for (const entry of scores) {
      const [name, category, score] = entry;
      if (category === RATING_CATEGORY) {
        if (!rating || score > rating[2]) rating = entry;
      } else if (score >= this.deps.threshold) tags.push({ name, score });
    }
    tags.sort((a, b) => b.score - a.score);
    return { rating: rating?.[0] ?? null, tags };
  }
}
