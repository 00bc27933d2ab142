import { LocalStore } from './local-store';
import type { ObjectStore } from './object-store';
import type { StorageSettings } from './settings';

export { StoreFullError, StoreSettingError, StoreUnavailableError } from './errors';
export { LocalStore, temporaryOf } from './local-store';
export type { ByteRange, ObjectInfo, ObjectStore, ObjectWriter } from './object-store';
export type { S3StoreOptions } from './s3-store';
export {
  checkStorageEnv,
  storageEnv,
  storageSettingsOf,
  type S3Settings,
  type StorageEnv,
  type StorageSettings,
} from './settings';

/**
 * The store the settings name. A local store's root is the data folder itself, so its keys
 * (`images/…`, `downloads/<id>.zip`) are the paths the files have always had under DATA_DIR.
 * The S3 client is loaded only when used: a local install never pays for the SDK at start.
 */
export async function createObjectStore(
  settings: StorageSettings,
  options: { maxAttempts?: number } = {},
): Promise<ObjectStore> {
  if (settings.kind === 'local') return new LocalStore(settings.root);
  const { S3Store } = await import('./s3-store');
  return new S3Store(settings, options);
}
