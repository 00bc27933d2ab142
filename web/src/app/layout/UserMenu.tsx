import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import {
  Activity,
  ChevronDown,
  ClipboardList,
  FolderTree,
  HardDrive,
  History,
  LogOut,
  ScrollText,
  Settings,
  Share2,
  UserRound,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@capshelf/contract';
import { ShortcutsMenuItem } from '../../features/shortcuts';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-sky-50 data-[highlighted]:text-sky-800';

/** Menu entries; `label` is a catalogue key. */
const sections = (isAdmin: boolean) => [
  [
    { to: '/profile', label: 'profile:title', icon: UserRound },
    { to: '/settings', label: 'settings:title', icon: Settings },
  ],
  [
    { to: '/local-library', label: 'layout:menu.localLibrary', icon: HardDrive },
    { to: '/categorized-library', label: 'layout:menu.categorizedLibrary', icon: FolderTree },
    { to: '/search-based-library', label: 'layout:menu.searchLibrary', icon: History },
    { to: '/shares', label: 'shares:list.title', icon: Share2 },
  ],
  ...(isAdmin
    ? [
        [
          { to: '/admin/users', label: 'admin:title', icon: Users },
          { to: '/admin/audit', label: 'admin:audit.title', icon: ClipboardList },
          { to: '/site-health', label: 'siteHealth:title', icon: Activity },
          { to: '/operation-log-test', label: 'logger:title', icon: ScrollText },
        ],
      ]
    : []),
];

/** The signed-in user's menu: account, settings, the libraries, admin pages, sign-out. */
export function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('menu.label')}
        className="flex max-w-48 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
      >
        <UserRound aria-hidden className="size-4 shrink-0" />
        <span className="hidden truncate sm:inline" data-user-content>
          {user.email}
        </span>
        <ChevronDown aria-hidden className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label
            className="truncate px-3 py-2 text-xs text-slate-500"
            data-user-content
          >
            {user.email}
          </DropdownMenu.Label>
          {sections(user.role === 'admin').map((items, index) => (
            <DropdownMenu.Group key={index}>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
              {items.map(({ to, label, icon: Icon }) => (
                <DropdownMenu.Item key={to} asChild className={itemClass}>
                  <Link to={to}>
                    <Icon aria-hidden className="size-4" />
                    {t(label)}
                  </Link>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <ShortcutsMenuItem className={itemClass} />
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
            <LogOut aria-hidden className="size-4" />
            {t('menu.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
