import { useShortcut } from '../../lib/shortcuts';

interface GridShortcutsProps {
  /** The selection bar's 全选: every image shown (filters such as 隐藏相似帧 applied). */
  onSelectAll: () => void;
  onClear: () => void;
  /** The selection bar's download button, toasts included. */
  onDownload: () => void;
}

/** `a`, `Escape` and `d` of an image screen: the selection bar's actions from the keyboard. */
export function GridShortcuts({ onSelectAll, onClear, onDownload }: GridShortcutsProps) {
  useShortcut('a', onSelectAll);
  useShortcut('escape', onClear);
  useShortcut('d', onDownload);
  return null;
}
