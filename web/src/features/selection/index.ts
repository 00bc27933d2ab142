export {
  SelectionContext,
  useImageSelection,
  type ImageSelection,
  type ImageSize,
} from './SelectionContext';
export { useSelectionState } from './useSelectionState';
export { clickSelection, emptySelection, selectIds, type SelectionState } from './selection';
