import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';

const looks = {
  panel: 'rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800',
  /** On the lightbox's dark backdrop, in either theme. */
  onDark: 'rounded p-2 hover:bg-white/10',
} as const;

/** The ✕ that closes a dialog; `label` is its accessible name. */
export function DialogCloseButton({ label, look }: { label: string; look: keyof typeof looks }) {
  return (
    <Dialog.Close aria-label={label} className={looks[look]}>
      <X aria-hidden className="size-5" />
    </Dialog.Close>
  );
}
