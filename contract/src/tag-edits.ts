import { z } from 'zod';
import { validationMessages } from './messages';

/** Most tags one export may remove, and most it may replace. */
export const MAX_TAG_EDITS = 200;

const TagName = z
  .string()
  .trim()
  .min(1, validationMessages.tagNameInvalid)
  .max(100, validationMessages.tagNameInvalid);

/**
 * The user's edits of a work's tags before export (制作数据集): tags removed from every caption,
 * and tags replaced by another. Applied where the build reads each image's tags
 * (server/src/datasets/tag-edits.ts), so every place tags go shows the edited ones.
 */
export const TagEdits = z.object({
  remove: z.array(TagName).max(MAX_TAG_EDITS, validationMessages.tagEditsTooMany).default([]),
  replace: z
    .array(z.object({ from: TagName, to: TagName }))
    .max(MAX_TAG_EDITS, validationMessages.tagEditsTooMany)
    .default([]),
});
export type TagEdits = z.infer<typeof TagEdits>;
