import { useHotkeys } from 'react-hotkeys-hook';
import { isBlockedByDialog, isTyping } from '../../lib/shortcuts';

/**
 * Ctrl+Z (⌘Z on a Mac): 撤销 on the review. Unlike the page's one-key shortcuts it is a command
 * combination, so it has its own hook; like them it leaves a field's own undo alone and waits
 * while a dialog is open.
 */
export function useUndoShortcut(undo: () => void, enabled: boolean) {
  useHotkeys('mod+z', undo, {
    enabled,
    preventDefault: true,
    ignoreEventWhen: (event) => event.shiftKey || isTyping(event) || isBlockedByDialog(null, event),
  });
}
