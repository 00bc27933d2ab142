import { DatasetOptions, filtersInEffect } from '@capshelf/contract';

/** The selection download's dataset options as the image screen starts them: each at its default. */
export const DEFAULT_SELECTION_CHOICE: DatasetOptions = DatasetOptions.parse({});

/** How many options are on (the button shows it). */
export function selectionOptionCount(options: DatasetOptions): number {
  const filters = filtersInEffect(options);
  return (
    (filters.skip_near_duplicates ? 1 : 0) +
    filters.quality_filters.length +
    (options.export === 'plain' ? 0 : 1) +
    (options.metadata ? 1 : 0)
  );
}
