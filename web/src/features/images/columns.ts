import { useCallback, useState } from 'react';

export const COLUMN_CHOICES = [2, 3, 4, 5, 6, 8] as const;
export type FixedColumns = (typeof COLUMN_CHOICES)[number];
/** `auto` follows the grid's width; a number is the user's fixed choice. */
export type ColumnChoice = 'auto' | FixedColumns;

/** Remembered per device (a phone and a desktop want different grids), not per account. */
export const COLUMNS_KEY = 'capshelf.grid-columns';

/** Columns for a grid this wide when the choice is `auto`: 2–3 on a phone, up to 6 on a desktop. */
export function autoColumns(width: number): FixedColumns {
  if (width < 340) return 2;
  if (width < 640) return 3;
  if (width < 900) return 4;
  if (width < 1100) return 5;
  return 6;
}

function readChoice(): ColumnChoice {
  const stored = Number(localStorage.getItem(COLUMNS_KEY));
  return (COLUMN_CHOICES as readonly number[]).includes(stored) ? (stored as FixedColumns) : 'auto';
}

/** The grid's column choice, kept in localStorage. */
export function useColumnChoice(): [ColumnChoice, (choice: ColumnChoice) => void] {
  const [choice, setChoice] = useState(readChoice);
  const choose = useCallback((next: ColumnChoice) => {
    if (next === 'auto') localStorage.removeItem(COLUMNS_KEY);
    else localStorage.setItem(COLUMNS_KEY, String(next));
    setChoice(next);
  }, []);
  return [choice, choose];
}
