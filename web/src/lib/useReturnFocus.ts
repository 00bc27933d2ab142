import { useRef } from 'react';

/**
 * Focus handlers for a radix Dialog or AlertDialog opened without its Trigger (a controlled
 * `open`): radix returns focus only to a Trigger, so this remembers what had focus when the
 * dialog opened and gives focus back to it on close, if it is still on the page.
 * Spread onto `<Dialog.Content>`.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
