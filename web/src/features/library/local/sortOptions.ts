import type { LocalLibrarySort } from '@capshelf/contract';

export const DEFAULT_SORT: LocalLibrarySort = 'date_desc';

/** Spec §2: by id, date or size, each ascending or descending. */
export const sortOptions: readonly { value: LocalLibrarySort; label: string }[] = [
  { value: 'date_desc', label: '按日期 降序' },
  { value: 'date_asc', label: '按日期 升序' },
  { value: 'id_asc', label: '按ID 升序' },
  { value: 'id_desc', label: '按ID 降序' },
  { value: 'size_desc', label: '按大小 降序' },
  { value: 'size_asc', label: '按大小 升序' },
];

export function sortParam(value: string | null): LocalLibrarySort {
  return sortOptions.find((option) => option.value === value)?.value ?? DEFAULT_SORT;
}
