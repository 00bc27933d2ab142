import { useRef, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { FileDown, FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FavoriteTypeCounts } from '@capshelf/contract';
import { errorMessage, useExportFavorites, useImportFavorites } from '../../../api';
import { buttonClass } from '../../../components/button';
import { saveJsonFile } from '../../../lib/saveFile';
import { exportFileName } from './filter';

const total = (c: FavoriteTypeCounts) => c.works + c.episodes + c.images;

/** 导出 saves GET /favorites/export as a dated JSON file; 导入 posts such a file back. */
export function TransferButtons() {
  const { t } = useTranslation('favorites');
  const exporter = useExportFavorites();
  const importer = useImportFavorites();
  const fileInput = useRef<HTMLInputElement>(null);

  const exportAll = () =>
    exporter
      .mutateAsync()
      .then((answer) => saveJsonFile(exportFileName(), answer.data))
      .catch((error: unknown) =>
        toast.error(t('transfer.exportFailed', { message: errorMessage(error) })),
      );

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    let saved: unknown;
    try {
      saved = JSON.parse(await file.text());
    } catch {
      toast.error(t('transfer.notJson'));
      return;
    }
    try {
      const { imported, skipped } = await importer.mutateAsync(saved);
      const note = total(skipped) > 0 ? t('transfer.skipped', { count: total(skipped) }) : '';
      toast.success(t('transfer.imported', { ...imported, note }));
    } catch (error) {
      toast.error(t('transfer.importFailed', { message: errorMessage(error) }));
    }
  };

  return (
    <div className="flex gap-2">
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => void exportAll()}
        disabled={exporter.isPending}
      >
        <FileDown aria-hidden className="size-4" />
        {exporter.isPending ? t('transfer.exporting') : t('transfer.export')}
      </button>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => fileInput.current?.click()}
        disabled={importer.isPending}
      >
        <FileUp aria-hidden className="size-4" />
        {importer.isPending ? t('transfer.importing') : t('transfer.import')}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        aria-label={t('transfer.fileLabel')}
        className="hidden"
        onChange={(event) => void importFile(event)}
      />
    </div>
  );
}
