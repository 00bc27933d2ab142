import type { LocalLibrarySort } from '@capshelf/contract';

export const DEFAULT_SORT: LocalLibrarySort = 'date_desc';

/** By id, date or size, each ascending or descending (labels: `local.sort.<value>`). */
export const sortOptions: readonly { value: LocalLibrarySort }[] = [
  { value: 'date_desc' },
  { value: 'date_asc' },
  { value: 'id_asc' },
  { value: 'id_desc' },
  { value: 'size_desc' },
  { value: 'size_asc' },
];

export function sortParam(value: string | null): LocalLibrarySort {
  return sortOptions.find((option) => option.value === value)?.value ?? DEFAULT_SORT;
}
