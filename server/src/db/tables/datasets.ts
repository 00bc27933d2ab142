/** Tags a WD14 tagger gave an image, per model (shared image facts, like its hash). */
export interface ImageTagsTable {
  kind: string;
  image_id: number;
  /** The model and tag list's fingerprint: another model's tags are not these. */
  model: string;
  /** JSON: `[name, category, score][]`, every tag that scored at least the stored floor. */
  scores: string;
  created_at: string;
}
