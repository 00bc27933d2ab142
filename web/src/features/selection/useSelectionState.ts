import { useCallback, useMemo, useState } from 'react';
import type { ImageItem } from '@capshelf/contract';
import { clickSelection, emptySelection, selectIds } from './selection';
import type { ImageSelection, ImageSize } from './SelectionContext';

/** Selection state over one list of images; ids outside `images` are never reported. */
export function useSelectionState(images: readonly ImageItem[]): ImageSelection {
  const [state, setState] = useState(emptySelection);
  const [size, setSize] = useState<ImageSize | null>(null);

  const click = useCallback(
    (id: number, shift: boolean, order: readonly number[]) =>
      setState((current) => clickSelection(current, order, id, shift)),
    [],
  );
  const selectAll = useCallback(
    (ids: readonly number[]) => setState((current) => selectIds(current, ids)),
    [],
  );
  const clear = useCallback(() => setState(emptySelection), []);

  return useMemo(() => {
    const selectedImages = images.filter((image) => state.selected.has(image.id));
    return {
      selectedIds: selectedImages.map((image) => image.id),
      selectedImages,
      size,
      setSize,
      isSelected: (id: number) => state.selected.has(id),
      click,
      selectAll,
      clear,
    };
  }, [images, state, size, click, selectAll, clear]);
}
