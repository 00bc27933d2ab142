import { z } from 'zod';
import { validationMessages } from './messages';
import { TagEdits } from './tag-edits';

// The dataset options of a download (docs/datasets.md): which frames it leaves out, how its
// archive is laid out, and the reasons it counts.

export const DEFAULT_NEAR_DUPLICATE_THRESHOLD = 6;
export const NearDuplicateThreshold = z
  .number()
  .int(validationMessages.thresholdNotInteger)
  .min(0, validationMessages.thresholdRange)
  .max(64, validationMessages.thresholdRange);

/**
 * Near-duplicate frames are compared with every frame kept so far in the scope: one episode, or
 * the whole work (openings and endings kept once). A selection download is its own one scope.
 */
export const NearDuplicateScope = z.enum(['episode', 'work'], {
  message: validationMessages.nearDuplicateScopeInvalid,
});
export type NearDuplicateScope = z.infer<typeof NearDuplicateScope>;

/** Frames left out by what they show (thresholds: docs/api.md, "Dataset filters"). */
export const QualityFilter = z.enum(['dark', 'blank', 'blurry'], {
  message: validationMessages.qualityFilterInvalid,
});
export type QualityFilter = z.infer<typeof QualityFilter>;

/** How an archive is laid out: capshelf's own, or as a training tool reads it (docs/datasets.md). */
export const ExportLayout = z.enum(['plain', 'kohya', 'waifuc', 'hf'], {
  message: validationMessages.exportLayoutInvalid,
});
export type ExportLayout = z.infer<typeof ExportLayout>;

/** Where a task's images go (docs/library-folder.md). */
export const DownloadDestination = z.enum(['zip', 'library', 'both'], {
  message: validationMessages.destinationInvalid,
});
export type DownloadDestination = z.infer<typeof DownloadDestination>;

/**
 * A download's dataset options, the one shape of them: the whole-work and the selection download
 * (and the review, which reads what frames are left out) take them as fields of their request, and
 * a task keeps them as they are (`downloads.dataset`).
 */
export const DatasetOptions = z.object({
  // What frames are left out. Absent: on for a dataset layout, off for plain (`filtersInEffect`).
  skip_near_duplicates: z.boolean().optional(),
  near_duplicate_threshold: NearDuplicateThreshold.default(DEFAULT_NEAR_DUPLICATE_THRESHOLD),
  near_duplicate_scope: NearDuplicateScope.default('work'),
  quality_filters: z
    .array(QualityFilter)
    .max(3)
    .refine((filters) => new Set(filters).size === filters.length, {
      message: validationMessages.qualityFilterRepeated,
    })
    .optional(),
  // How the archive is laid out, and what goes with it.
  /** capshelf's metadata.csv and metadata.jsonl at the archive's top. */
  metadata: z.boolean().default(false),
  export: ExportLayout.default('plain'),
  /** kohya: `<repeats>_<name>/` (name: the work's title, or the selection's file name prefix, by the filename rule when absent). */
  kohya_repeats: z
    .number()
    .int(validationMessages.repeatsRange)
    .min(1, validationMessages.repeatsRange)
    .max(1000, validationMessages.repeatsRange)
    .default(10),
  kohya_name: z.string().trim().max(100).optional(),
  /** kohya: each caption's first words. */
  trigger_word: z.string().trim().max(100).default(''),
  /** Tags removed or replaced in every caption, sidecar and row (制作数据集's tag editing). */
  tag_edits: TagEdits.optional(),
  /**
   * Where the task's images go: a ZIP to download, the user's folder on the server
   * (`LIBRARY_DIR/<user>/`, docs/library-folder.md), or both. `library` needs `LIBRARY_DIR`.
   */
  destination: DownloadDestination.default('zip'),
});
export type DatasetOptions = z.infer<typeof DatasetOptions>;

/**
 * The filters a download's options leave in effect. A filter not given follows the layout: a
 * dataset layout (kohya, waifuc, hf) leaves out near-duplicates and every bad frame, since a
 * trainer wants neither, and a plain ZIP keeps every frame. Absent stays absent in a task, so its
 * filters are read the same way every time.
 */
export function filtersInEffect(
  options: Pick<DatasetOptions, 'export' | 'skip_near_duplicates' | 'quality_filters'>,
): { skip_near_duplicates: boolean; quality_filters: QualityFilter[] } {
  const dataset = options.export !== 'plain';
  return {
    skip_near_duplicates: options.skip_near_duplicates ?? dataset,
    quality_filters: options.quality_filters ?? (dataset ? ['dark', 'blank', 'blurry'] : []),
  };
}

/** Why frames were left out, counted per reason. */
export const SkippedReasons = z.object({
  near_duplicate: z.number().int(),
  dark: z.number().int(),
  blank: z.number().int(),
  blurry: z.number().int(),
});
export type SkippedReasons = z.infer<typeof SkippedReasons>;
