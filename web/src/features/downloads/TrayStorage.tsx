import { useTranslation } from 'react-i18next';
import { useDownloadStorage } from '../../api';
import { formatBytes } from './size';

/**
 * The tray's line on what the server keeps for the user: archives kept until downloaded and their
 * library folder, against their quota; past it, that new tasks wait and what frees room.
 */
export function TrayStorage() {
  const storage = useDownloadStorage();
  const { t, i18n } = useTranslation('downloads');
  if (!storage || (storage.kept_count === 0 && storage.library_bytes === 0)) return null;
  const lng = i18n.language;
  const used = storage.kept_bytes + storage.library_bytes;
  return (
    <div className="border-b border-slate-200 px-3 py-1.5 text-xs" data-tray-storage="">
      <p className="text-slate-600">
        {t('panel.storage', {
          count: storage.kept_count,
          used: formatBytes(used, lng),
          quota: formatBytes(storage.quota_bytes, lng),
        })}
        {storage.library_bytes > 0 &&
          t('panel.storageLibrary', { size: formatBytes(storage.library_bytes, lng) })}
      </p>
      {storage.over_quota && (
        <p role="status" className="mt-0.5 text-amber-700">
          {t('panel.overQuota')}
        </p>
      )}
    </div>
  );
}
