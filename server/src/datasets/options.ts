import { filtersInEffect, sanitizeFilenamePrefix, type DatasetOptions } from '@capshelf/contract';
import type { DatasetFilter } from './filter';
import type { LayoutOptions } from './layout-options';

// The server's two readings of a task's dataset options (contract `DatasetOptions`), made here
// only: what frames it leaves out, and how its archive is laid out.

/** What frames the options leave out; null when they leave nothing out. */
export function filterOf(options: DatasetOptions): DatasetFilter | null {
  const filters = filtersInEffect(options);
  const nearDuplicates = filters.skip_near_duplicates
    ? { scope: options.near_duplicate_scope, threshold: options.near_duplicate_threshold }
    : null;
  if (!nearDuplicates && filters.quality_filters.length === 0) return null;
  return { nearDuplicates, quality: filters.quality_filters };
}

/** The archive's layout; kohya's folder is named after `title` (the work's, or the selection's) unless the options name it. */
export function layoutOf(options: DatasetOptions, title: string): LayoutOptions {
  return {
    export: options.export,
    repeats: options.kohya_repeats,
    name: sanitizeFilenamePrefix(options.kohya_name || title),
    trigger: options.trigger_word,
    title,
  };
}
