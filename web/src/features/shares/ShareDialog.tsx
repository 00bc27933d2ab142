import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'radix-ui';
import toast from 'react-hot-toast';
import { Copy } from 'lucide-react';
import type { CreatedShare, CreateShareRequest } from '@capshelf/contract';
import { errorMessage, useCreateShare } from '../../api';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { buttonClass } from '../../components/button';
import { dialogOverlayClass, dialogPanelClass } from '../../components/dialog';
import { EXPIRIES, secondsOf, type Expiry } from './expiry';

/** What a share is of: the kind and what names its images (the dialog adds the rest). */
export type ShareSubject = Pick<
  CreateShareRequest,
  'kind' | 'image_ids' | 'image_kind' | 'episode_url'
> & { title: string };

/**
 * Makes a share link of `subject`: title, expiry, an optional password, whether 原图 and the
 * archive are offered, an optional view count. The link is shown once, to copy.
 */
export function ShareDialog({ subject, onClose }: { subject: ShareSubject; onClose: () => void }) {
  const { t } = useTranslation('shares');
  const create = useCreateShare();
  // Left empty, the share stays untitled: each visitor's page names it in their own language.
  const [title, setTitle] = useState('');
  const [expiry, setExpiry] = useState<Expiry>('week');
  const [password, setPassword] = useState('');
  const [download, setDownload] = useState(true);
  const [views, setViews] = useState('');
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const { title: suggested, ...names } = subject;
  const submit = () =>
    create.mutate(
      {
        ...names,
        title: title.trim() || undefined,
        expires_in: secondsOf(expiry),
        password: password || undefined,
        allow_download: download,
        max_views: views ? Number(views) : null,
      },
      {
        onSuccess: setCreated,
        onError: (error) => toast.error(errorMessage(error, t('create.failed'))),
      },
    );
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => toast.success(t('create.copied')),
      () => toast.error(t('create.copyFailed')),
    );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content
          className={`${dialogPanelClass} max-h-[90vh] w-[min(30rem,calc(100vw-1.5rem))] overflow-y-auto p-5`}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {t('create.title')}
            </Dialog.Title>
            <DialogCloseButton label={t('create.close')} look="panel" />
          </div>
          <Dialog.Description className="text-sm text-slate-600">
            {t(`create.what.${subject.kind}`, { count: subject.image_ids?.length ?? 0 })}
          </Dialog.Description>
          {created ? (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-slate-700">{t('create.once')}</p>
              <div className="flex gap-2">
                <input
                  readOnly
                  aria-label={t('create.link')}
                  value={created.url}
                  className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-sm"
                  onFocus={(event) => event.target.select()}
                />
                <button
                  type="button"
                  className={buttonClass()}
                  onClick={() => void copy(created.url)}
                >
                  <Copy aria-hidden className="size-4" />
                  {t('create.copy')}
                </button>
              </div>
            </div>
          ) : (
            <form
              className="flex flex-col gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <FormField
                id="share-title"
                label={t('create.name')}
                value={title}
                onChange={setTitle}
                placeholder={suggested}
                maxLength={200}
              />
              <SelectField
                id="share-expiry"
                label={t('create.expiry')}
                value={expiry}
                options={EXPIRIES.map((e) => ({ value: e.value, label: t(`expiry.${e.value}`) }))}
                onChange={setExpiry}
              />
              <FormField
                id="share-password"
                label={t('create.password')}
                kind="new-password"
                placeholder={t('create.passwordHint')}
                value={password}
                onChange={setPassword}
                minLength={4}
              />
              <FormField
                id="share-views"
                label={t('create.views')}
                type="number"
                min={1}
                placeholder={t('create.viewsHint')}
                value={views}
                onChange={setViews}
              />
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={download}
                  onChange={(e) => setDownload(e.target.checked)}
                />
                {t('create.download')}
              </label>
              <button type="submit" className={buttonClass()} disabled={create.isPending}>
                {t('create.submit')}
              </button>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
