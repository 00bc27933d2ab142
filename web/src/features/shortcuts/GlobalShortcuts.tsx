import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useShortcut } from '../../lib/shortcuts';
import { focusSearch } from './focusSearch';
import { openShortcutHelp } from './helpStore';
import { ShortcutsDialog } from './ShortcutsDialog';

/** The shortcuts of every page (`/` search, `?` the list) and the list itself; in the layout. */
export function GlobalShortcuts() {
  const navigate = useNavigate();
  const cancelWait = useRef<() => void>(undefined);
  useEffect(() => () => cancelWait.current?.(), []);

  useShortcut('/', () => {
    cancelWait.current?.();
    cancelWait.current = focusSearch(() => void navigate('/search'));
  });
  useShortcut('?', openShortcutHelp);
  return <ShortcutsDialog />;
}
