import type { RefObject } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';

/** Fields where a key types text: a shortcut never takes a key from them. */
const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
/** Open modal layers (radix renders them only while open). */
const DIALOGS = '[role="dialog"], [role="alertdialog"]';

/** Ctrl, Meta or Alt held: the key belongs to the browser or the system (AltGr still types). */
export function hasCommandModifier(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'getModifierState'>,
): boolean {
  if (event.key.length === 1 && event.getModifierState?.('AltGraph')) return false;
  return event.ctrlKey || event.metaKey || event.altKey;
}

/** The key lands in a field (or an IME is composing): it is text, not a command. */
export function isTyping(event: KeyboardEvent): boolean {
  if (event.isComposing) return true;
  const target = event.target;
  return target instanceof Element && target.closest(TYPING) !== null;
}

/**
 * The dialogs open when a key went down, taken before anything handles it: the Escape that
 * closes a dialog must not also reach the page's Escape once the dialog has gone.
 */
let atKeydown: { event: Event; dialogs: Element[] } | null = null;
window.addEventListener(
  'keydown',
  (event) => {
    atKeydown = { event, dialogs: [...document.querySelectorAll(DIALOGS)] };
  },
  { capture: true },
);

/**
 * Another dialog than `owner` is in front: page shortcuts (no owner) wait while any dialog is
 * open; a dialog's own shortcuts work only while that dialog is the top one.
 */
export function isBlockedByDialog(owner: Element | null = null, event?: Event): boolean {
  const open =
    event && atKeydown?.event === event
      ? atKeydown.dialogs
      : [...document.querySelectorAll(DIALOGS)];
  const top = open[open.length - 1];
  if (!owner) return top !== undefined;
  return top !== owner;
}

export interface ShortcutOptions {
  /** Off while false (e.g. the lightbox is closed); default on. */
  enabled?: boolean;
  /** The dialog the shortcut belongs to; without it the shortcut is a page one. */
  dialog?: RefObject<Element | null>;
}

/** Letters and digits match without Shift; other characters (`?`, `/`) as the layout types them. */
const layoutCharacter = (key: string) => key.length === 1 && !/[a-z0-9]/i.test(key);

/**
 * One keyboard shortcut (react-hotkeys-hook underneath). `key` is a character as typed (`a`,
 * `?`, `/`) or a key name (`escape`). It never fires while typing in a field, with Ctrl, Meta or
 * Alt held, or while a dialog other than its own is open; when it fires the browser's default
 * for the key is prevented.
 */
export function useShortcut(
  key: string,
  handler: (event: KeyboardEvent) => void,
  { enabled = true, dialog }: ShortcutOptions = {},
): void {
  useHotkeys(key, handler, {
    enabled,
    // A character is matched by what the key types, so shortcuts follow the keyboard layout.
    useKey: key.length === 1,
    // `?` needs Shift on most layouts; command modifiers are refused below instead.
    ignoreModifiers: layoutCharacter(key),
    preventDefault: true,
    ignoreEventWhen: (event) =>
      event.defaultPrevented ||
      hasCommandModifier(event) ||
      isTyping(event) ||
      isBlockedByDialog(dialog ? dialog.current : null, event),
  });
}
