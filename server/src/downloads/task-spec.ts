import { DatasetOptions } from '@capshelf/contract';
import type { DownloadItem } from './items';
import type { DownloadRow } from './rows';
import type { WorkTask } from './work';

/** What a task takes and how it builds its archive: its row's columns, parsed once. */
export interface TaskSpec {
  /** A selection's images in the order given; empty for a work (listed as the job runs). */
  items: DownloadItem[];
  /** A whole work; null for a selection. */
  work: WorkTask | null;
  /** A selection's entries are `<prefix>_<id>.jpg`; also its kohya name and waifuc group. */
  entryPrefix: string;
  dataset: DatasetOptions;
}

/** The columns a spec is kept in, written once when the task is created. */
export function specColumns(spec: TaskSpec) {
  return {
    items: JSON.stringify(spec.items),
    entry_prefix: spec.entryPrefix,
    request: spec.work ? JSON.stringify(spec.work) : null,
    dataset: JSON.stringify(spec.dataset),
  };
}

/** A task's spec from its row: the one place its columns are read back. */
export function taskSpecOf(
  row: Pick<DownloadRow, 'items' | 'request' | 'entry_prefix' | 'dataset'>,
): TaskSpec {
  return {
    items: JSON.parse(row.items) as DownloadItem[],
    work: row.request ? (JSON.parse(row.request) as WorkTask) : null,
    entryPrefix: row.entry_prefix,
    // Parsed, so options added since take their defaults.
    dataset: DatasetOptions.parse(JSON.parse(row.dataset)),
  };
}
