import { useRef, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { FileDown, FileUp } from 'lucide-react';
import type { FavoriteTypeCounts } from '@capshelf/contract';
import { errorMessage, useExportFavorites, useImportFavorites } from '../../../api';
import { buttonClass } from '../../../components/button';
import { saveJsonFile } from '../../../lib/saveFile';
import { exportFileName } from './filter';

const countsText = (c: FavoriteTypeCounts) =>
  `作品 ${c.works}，剧集 ${c.episodes}，图片 ${c.images}`;
const total = (c: FavoriteTypeCounts) => c.works + c.episodes + c.images;

/** 导出 saves GET /favorites/export as a dated JSON file; 导入 posts such a file back. */
export function TransferButtons() {
  const exporter = useExportFavorites();
  const importer = useImportFavorites();
  const fileInput = useRef<HTMLInputElement>(null);

  const exportAll = () =>
    exporter
      .mutateAsync()
      .then((answer) => saveJsonFile(exportFileName(), answer.data))
      .catch((error: unknown) => toast.error(`导出失败: ${errorMessage(error)}`));

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    let saved: unknown;
    try {
      saved = JSON.parse(await file.text());
    } catch {
      toast.error('导入失败: 文件不是有效的 JSON');
      return;
    }
    try {
      const { imported, skipped } = await importer.mutateAsync(saved);
      const note = total(skipped) > 0 ? `（已存在 ${total(skipped)} 项，已跳过）` : '';
      toast.success(`导入完成：${countsText(imported)}${note}`);
    } catch (error) {
      toast.error(`导入失败: ${errorMessage(error)}`);
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
        {exporter.isPending ? '导出中...' : '导出'}
      </button>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => fileInput.current?.click()}
        disabled={importer.isPending}
      >
        <FileUp aria-hidden className="size-4" />
        {importer.isPending ? '导入中...' : '导入'}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        aria-label="导入收藏文件"
        className="hidden"
        onChange={(event) => void importFile(event)}
      />
    </div>
  );
}
