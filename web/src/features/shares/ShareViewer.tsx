import { useEffect, type MouseEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import type { PublicShareImage } from '@capshelf/contract';
import { DialogCloseButton } from '../../components/DialogCloseButton';

/** One picture of a share, large, with ‹ › (and the arrow keys) and 原图 when the owner allows. */
export function ShareViewer({
  images,
  index,
  onIndex,
  onClose,
  onBroken,
  onOriginal,
}: {
  images: readonly PublicShareImage[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** The picture failed to load (its address may have run out). */
  onBroken: () => void;
  /** What a click on 原图 does before the link is followed (it may need a fresh address). */
  onOriginal: (id: number) => MouseEventHandler;
}) {
  const { t } = useTranslation('shares');
  const image = images[index]!;
  const go = (step: number) => onIndex((index + step + images.length) % images.length);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') go(-1);
      if (event.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const navClass = 'rounded-full bg-white/15 p-2 text-white hover:bg-white/30 disabled:opacity-40';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/90" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-3"
        >
          <div className="flex w-full max-w-5xl items-center gap-3 text-sm text-white">
            <Dialog.Title>
              {t('viewer.position', { n: index + 1, total: images.length })}
            </Dialog.Title>
            <span className="ml-auto" />
            {image.original_url && (
              <a
                href={image.original_url}
                target="_blank"
                rel="noreferrer"
                onClick={onOriginal(image.id)}
                className="inline-flex items-center gap-1 rounded bg-white/15 px-2 py-1 hover:bg-white/30"
              >
                <Download aria-hidden className="size-4" />
                {t('viewer.original')}
              </a>
            )}
            <DialogCloseButton label={t('viewer.close')} look="onDark" />
          </div>
          <img
            src={image.view_url}
            alt={t('viewer.alt', { id: image.id })}
            className="max-h-[calc(100vh-8rem)] max-w-full object-contain"
            onError={onBroken}
          />
          {/* Below the picture, never over it: a phone's narrow screen has no room beside it. */}
          <div className="flex items-center gap-6">
            <button
              type="button"
              className={navClass}
              onClick={() => go(-1)}
              aria-label={t('viewer.previous')}
            >
              <ChevronLeft aria-hidden className="size-6" />
            </button>
            <button
              type="button"
              className={navClass}
              onClick={() => go(1)}
              aria-label={t('viewer.next')}
            >
              <ChevronRight aria-hidden className="size-6" />
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
