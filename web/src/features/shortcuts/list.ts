/** A key as shown: a named key (translated) or the character itself. */
export type KeyName = 'space' | 'shift' | 'enter' | 'esc' | 'home' | 'end' | 'ctrl';
export type KeyToken = KeyName | '/' | '?' | 'a' | 'd' | 'f' | 'z' | '⌘' | '←' | '→' | '↑' | '↓';

export interface ShortcutEntry {
  /** Alternatives, each a combination pressed together (['shift', 'space']). */
  keys: readonly (readonly KeyToken[])[];
  /** Key of its description under `actions.` in the `shortcuts` namespace. */
  action: string;
}

export interface ShortcutGroup {
  /** Key of its heading under `groups.`. */
  id: 'global' | 'grid' | 'lightbox' | 'review';
  entries: readonly ShortcutEntry[];
}

export const NAMED_KEYS: readonly string[] = [
  'space',
  'shift',
  'enter',
  'esc',
  'home',
  'end',
  'ctrl',
];

/** Every shortcut of the page, as the `?` list shows them. */
export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    id: 'global',
    entries: [
      { keys: [['/']], action: 'search' },
      { keys: [['?']], action: 'help' },
    ],
  },
  {
    id: 'grid',
    entries: [
      { keys: [['a']], action: 'selectAll' },
      { keys: [['esc']], action: 'clearSelection' },
      { keys: [['d']], action: 'download' },
      { keys: [['←'], ['→'], ['↑'], ['↓']], action: 'move' },
      { keys: [['home'], ['end']], action: 'firstLast' },
      { keys: [['space']], action: 'toggle' },
      { keys: [['shift', 'space']], action: 'range' },
      { keys: [['enter']], action: 'open' },
    ],
  },
  {
    id: 'lightbox',
    entries: [
      { keys: [['←'], ['→']], action: 'previousNext' },
      { keys: [['f']], action: 'favorite' },
      { keys: [['esc']], action: 'close' },
    ],
  },
  {
    // 制作数据集 (datasets/useUndoShortcut.ts): a command combination, unlike the others.
    id: 'review',
    entries: [
      {
        keys: [
          ['ctrl', 'z'],
          ['⌘', 'z'],
        ],
        action: 'undo',
      },
    ],
  },
];
