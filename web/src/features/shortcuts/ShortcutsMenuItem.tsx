import { useTranslation } from 'react-i18next';
import { DropdownMenu } from 'radix-ui';
import { Keyboard } from 'lucide-react';
import { openShortcutHelp } from './helpStore';

/** The user menu's way to the shortcut list, for those who do not know about `?`. */
export function ShortcutsMenuItem({ className }: { className: string }) {
  const { t } = useTranslation('shortcuts');
  return (
    <DropdownMenu.Item className={className} onSelect={openShortcutHelp}>
      <Keyboard aria-hidden className="size-4" />
      {t('open')}
      <kbd aria-hidden className="ml-auto font-mono text-xs text-slate-500">
        ?
      </kbd>
    </DropdownMenu.Item>
  );
}
