import { z } from 'zod';
import { DatasetOptions } from './dataset-options';
import { noFrameKeptAndDropped, ReviewOverrideIds, workScopeFields } from './downloads';
import { validationMessages } from './messages';
import { TagEdits } from './tag-edits';

/** Drafts one user may keep: each may hold 100,000 ids, so their number is bounded too. */
export const MAX_DATASET_DRAFTS = 100;

/**
 * PUT /dataset-drafts: the user's review of one work (制作数据集) as it stands, saved whole on
 * every change (debounced by the page), so a reload or another device finds it again. Saving the
 * same draft twice changes nothing; one draft per user and work (`work_url` and `kind`).
 */
export const SaveDatasetDraftRequest = z
  .object({
    work_url: workScopeFields.work_url,
    kind: workScopeFields.kind,
    /** The work's title as the page shows it, for the list of drafts. */
    title: z.string().trim().max(500, validationMessages.titleTooLong).default(''),
    keep_image_ids: ReviewOverrideIds.default([]),
    drop_image_ids: ReviewOverrideIds.default([]),
    tag_edits: TagEdits.default({ remove: [], replace: [] }),
    trigger_word: DatasetOptions.shape.trigger_word,
  })
  .refine(({ keep_image_ids: keep, drop_image_ids: drop }) => noFrameKeptAndDropped(keep, drop), {
    message: validationMessages.reviewOverlap,
    path: ['drop_image_ids'],
  });
export type SaveDatasetDraftRequest = z.input<typeof SaveDatasetDraftRequest>;

/** A draft in the list: which work, how many decisions, when it was last saved. */
export const DatasetDraftSummary = z.object({
  id: z.number().int(),
  work_url: z.string(),
  kind: z.enum(['anime', 'tv']).nullable(),
  title: z.string(),
  kept: z.number().int(),
  dropped: z.number().int(),
  tag_edit_count: z.number().int(),
  updated_at: z.string(),
});
export type DatasetDraftSummary = z.infer<typeof DatasetDraftSummary>;

export const DatasetDraftsResponse = z.object({ drafts: z.array(DatasetDraftSummary) });
export type DatasetDraftsResponse = z.infer<typeof DatasetDraftsResponse>;

/** One draft whole, as the review screen restores it. */
export const DatasetDraft = DatasetDraftSummary.extend({
  keep_image_ids: z.array(z.number().int()),
  drop_image_ids: z.array(z.number().int()),
  tag_edits: TagEdits,
  trigger_word: z.string(),
});
export type DatasetDraft = z.infer<typeof DatasetDraft>;

export const DatasetDraftParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** GET /dataset-drafts/work: the caller's draft of one work, or null. */
export const DatasetDraftQuery = z.object({
  work_url: workScopeFields.work_url,
  kind: workScopeFields.kind,
});
export const DatasetDraftAnswer = z.object({ draft: DatasetDraft.nullable() });
export type DatasetDraftAnswer = z.infer<typeof DatasetDraftAnswer>;

/** POST /datasets/review/tags: the images' stored tags, counted (the review's frames, at most). */
export const ReviewTagsRequest = z.object({
  kind: z.enum(['anime', 'tv', 'movie']),
  image_ids: ReviewOverrideIds,
});
export type ReviewTagsRequest = z.input<typeof ReviewTagsRequest>;

export const ReviewTagsResponse = z.object({
  /** Whether a tagger is set; without one there are no tags to edit. */
  tagger: z.boolean(),
  /** Images with stored tags (tagged by an earlier export), of those asked. */
  tagged: z.number().int(),
  /** The most frequent tags above the threshold, most frequent first. */
  tags: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type ReviewTagsResponse = z.infer<typeof ReviewTagsResponse>;
