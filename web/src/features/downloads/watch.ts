import { downloadFileUrl } from '../../api';

/** sessionStorage: ids of tasks this tab saw unfinished and has not yet settled. */
export const WATCHED_KEY = 'capshelf.downloads.watched';

function readWatched(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(WATCHED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeWatched(ids: string[]): void {
  sessionStorage.setItem(WATCHED_KEY, JSON.stringify(ids));
}

/** Remember a task that is still running here, so its end is acted on once, even after a reload. */
export function watchDownload(id: string): void {
  const ids = readWatched();
  if (!ids.includes(id)) writeWatched([...ids, id]);
}

/**
 * True exactly once for a watched task: the first time it is seen finished. Tasks that ended
 * before this tab saw them (another tab, a fresh visit) are never settled, so never auto-saved.
 */
export function settleDownload(id: string): boolean {
  const ids = readWatched();
  if (!ids.includes(id)) return false;
  writeWatched(ids.filter((watched) => watched !== id));
  return true;
}

/** What a click on the panel's save link does: the browser's download manager takes the ZIP. */
export function saveDownload(id: string): void {
  const link = document.createElement('a');
  link.href = downloadFileUrl(id);
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
