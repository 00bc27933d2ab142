import { createContext, useContext } from 'react';
import type { ImageItem } from '@capshelf/contract';

export type ImageSize = 'small' | 'large';

/** The chosen images of an image screen, for the toolbar, grid, lightbox and (later) download. */
export interface ImageSelection {
  /** Selected ids in grid order. */
  selectedIds: number[];
  selectedImages: ImageItem[];
  /** Which URL the grid shows and a download will fetch (spec: default large). */
  size: ImageSize;
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
