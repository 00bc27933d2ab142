import { fromStorageFull } from '../errors';
import type { StoredImage } from './files';

/**
 * An image fetched that the store had no room for (`CACHE_MIN_FREE`, a full disk or database):
 * nothing of it was kept. It carries the refusal's `code` (ENOSPC, SQLITE_FULL…), so a caller
 * that needs the file answers 507 as for the refusal itself; the image route sends the bytes.
 */
export class UnstoredImage extends Error {
  readonly code: unknown;

  constructor(
    readonly image: StoredImage,
    readonly body: Buffer,
    refusal: unknown,
  ) {
    // The user-facing text of the refusal (a download lists it beside the image that failed).
    super(fromStorageFull(refusal)?.message ?? 'image not stored', { cause: refusal });
    this.name = 'UnstoredImage';
    this.code = (refusal as { code?: unknown }).code;
  }
}
