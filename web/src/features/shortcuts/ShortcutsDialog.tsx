import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'radix-ui';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { closeShortcutHelp, useShortcutHelp } from './helpStore';
import { NAMED_KEYS, SHORTCUT_GROUPS, type KeyToken } from './list';
import { dialogOverlayClass, dialogPanelClass } from '../../components/dialog';

const kbdClass =
  'min-w-6 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs text-slate-800 shadow-[inset_0_-1px_0_rgb(0_0_0/0.15)]';

/** Every shortcut, grouped global / image grid / lightbox; opened with `?` or the user menu. */
export function ShortcutsDialog() {
  const { t } = useTranslation('shortcuts');
  const { open, returnTo } = useShortcutHelp();
  const keyLabel = (token: KeyToken) =>
    NAMED_KEYS.includes(token) ? t(`keys.${token}`) : token.toUpperCase();

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && closeShortcutHelp()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // Back to what was focused, or to the menu button when a menu entry opened it.
            if (returnTo?.isConnected) {
              event.preventDefault();
              returnTo.focus();
            }
          }}
          className={`${dialogPanelClass} max-h-[90vh] w-[min(36rem,calc(100vw-1.5rem))] overflow-y-auto p-5`}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {t('title')}
            </Dialog.Title>
            <DialogCloseButton label={t('close')} look="panel" />
          </div>
          <Dialog.Description className="text-sm text-slate-600">
            {t('description')}
          </Dialog.Description>
          {SHORTCUT_GROUPS.map((group) => (
            <section key={group.id} aria-labelledby={`shortcuts-${group.id}`}>
              <h3
                id={`shortcuts-${group.id}`}
                className="mb-2 text-sm font-semibold text-slate-900"
              >
                {t(`groups.${group.id}`)}
              </h3>
              <dl className="grid grid-cols-[8.5rem_1fr] items-baseline gap-x-4 gap-y-2 text-sm">
                {group.entries.map((entry) => (
                  <Fragment key={entry.action}>
                    <dt className="flex flex-wrap gap-1 whitespace-nowrap">
                      {entry.keys.map((combination, index) => (
                        <span key={index} className="flex items-center gap-0.5">
                          {combination.map((token, part) => (
                            <Fragment key={token}>
                              {part > 0 && <span aria-hidden>+</span>}
                              <kbd className={kbdClass}>{keyLabel(token)}</kbd>
                            </Fragment>
                          ))}
                        </span>
                      ))}
                    </dt>
                    <dd className="text-slate-700">{t(`actions.${entry.action}`)}</dd>
                  </Fragment>
                ))}
              </dl>
            </section>
          ))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
