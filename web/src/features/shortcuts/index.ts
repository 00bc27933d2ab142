export { GlobalShortcuts } from './GlobalShortcuts';
export { ShortcutsMenuItem } from './ShortcutsMenuItem';
export { openShortcutHelp } from './helpStore';
