import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatasetOptions, DownloadDestination } from '@capshelf/contract';
import { useDownloadStorage } from '../../api';
import { RadioGroup } from '../../components/RadioGroup';

const DESTINATIONS: readonly DownloadDestination[] = ['zip', 'library', 'both'];

/**
 * 保存到: a ZIP, the user's library folder on the server, or both; offered only when the server
 * has one (`LIBRARY_DIR`). A dialog starts from where the user's latest task went.
 */
export function DestinationChoice({
  value,
  onChange,
}: {
  value: DatasetOptions;
  onChange: (next: DatasetOptions) => void;
}) {
  const { t } = useTranslation('downloads');
  const storage = useDownloadStorage();
  const remembered = useRef(false);
  useEffect(() => {
    if (remembered.current || !storage) return;
    remembered.current = true;
    if (storage.library_enabled && value.destination !== storage.last_destination)
      onChange({ ...value, destination: storage.last_destination });
  }, [storage, value, onChange]);
  if (!storage?.library_enabled) return null;
  return (
    <RadioGroup
      name="destination"
      legend={t('export.destination.legend')}
      value={value.destination}
      options={DESTINATIONS.map((d) => ({ value: d, label: t(`export.destination.${d}`) }))}
      onChange={(destination) => onChange({ ...value, destination })}
    />
  );
}
