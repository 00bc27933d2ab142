import { createContext, useContext } from 'react';
import type { DownloadSize, ImageItem } from '@capshelf/contract';

/** What the grid shows and a download holds, in the one size vocabulary. */
export type ImageSize = DownloadSize;

/** The chosen images of an image screen, for the toolbar, grid, lightbox and (later) download. */
export interface ImageSelection {
  /** Selected ids in grid order. */
  selectedIds: number[];
  selectedImages: ImageItem[];
  /** The size the user chose for the grid and its download; null: the default (`useDownloadSizes`). */
  size: ImageSize | null;
  setSize: (size: ImageSize) => void;
  isSelected: (id: number) => boolean;
  /** A card click; `order` is the grid as shown, for SHIFT ranges. */
  click: (id: number, shift: boolean, order: readonly number[]) => void;
  selectAll: (ids: readonly number[]) => void;
  clear: () => void;
}

export const SelectionContext = createContext<ImageSelection | null>(null);

export function useImageSelection(): ImageSelection {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error('useImageSelection must be used inside an image screen');
  return selection;
}
