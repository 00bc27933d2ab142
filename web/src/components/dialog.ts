/** Shared look of modal dialogs: the backdrop, and the panel's frame (its width and padding vary). */
export const dialogOverlayClass = 'fixed inset-0 z-40 bg-black/40 dark:bg-black/70';

/** A centred panel; on the dark theme its edge keeps it apart from the cards behind the backdrop. */
export const dialogPanelClass =
  'fixed top-1/2 left-1/2 z-50 flex -translate-1/2 flex-col gap-4 rounded-lg border border-transparent bg-white shadow-xl dark:border-slate-300';
