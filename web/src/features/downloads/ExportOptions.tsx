import { useTranslation } from 'react-i18next';
import type { DatasetOptions, ExportLayout } from '@capshelf/contract';
import { RadioGroup } from '../../components/RadioGroup';
import { DestinationChoice } from './DestinationChoice';

const LAYOUTS: readonly ExportLayout[] = ['plain', 'kohya', 'waifuc', 'hf'];
const fieldClass = 'rounded border border-slate-300 px-2 py-1';

/**
 * 导出格式 and 附带元数据, of a download's dataset options: capshelf's own folders, or the layout
 * kohya, waifuc or a Hugging Face loader reads, and the metadata files beside it. An empty kohya
 * name is the work's title, or the selection's prefix (the server's rule).
 */
export function ExportOptions({
  value,
  onChange,
  namePlaceholder,
}: {
  value: DatasetOptions;
  onChange: (next: DatasetOptions) => void;
  /** What the concept name is when left empty (the work's title unless told). */
  namePlaceholder?: string;
}) {
  const { t } = useTranslation('downloads');
  const set = (change: Partial<DatasetOptions>) => onChange({ ...value, ...change });
  return (
    <div className="flex flex-col gap-2">
      <RadioGroup
        name="export-layout"
        legend={t('export.layout')}
        value={value.export}
        options={LAYOUTS.map((layout) => ({ value: layout, label: t(`export.layouts.${layout}`) }))}
        onChange={(layout) => set({ export: layout })}
      />
      {value.export === 'kohya' && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 pl-6 text-sm text-slate-600">
          <label className="flex items-center gap-2">
            <span className="whitespace-nowrap">{t('export.repeats')}</span>
            <input
              type="number"
              min={1}
              max={1000}
              value={value.kohya_repeats}
              onChange={(e) =>
                set({
                  kohya_repeats: Math.min(
                    1000,
                    Math.max(1, Math.round(Number(e.target.value)) || 1),
                  ),
                })
              }
              className={`w-20 ${fieldClass}`}
            />
          </label>
          <label className="flex items-center gap-2">
            <span className="whitespace-nowrap">{t('export.name')}</span>
            <input
              value={value.kohya_name ?? ''}
              maxLength={100}
              placeholder={namePlaceholder ?? t('export.namePlaceholder')}
              onChange={(e) => set({ kohya_name: e.target.value })}
              className={`w-40 ${fieldClass}`}
            />
          </label>
          <label className="flex items-center gap-2">
            <span className="whitespace-nowrap">{t('export.trigger')}</span>
            <input
              value={value.trigger_word}
              maxLength={100}
              onChange={(e) => set({ trigger_word: e.target.value })}
              className={`w-40 ${fieldClass}`}
            />
          </label>
        </div>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={value.metadata}
          onChange={(e) => set({ metadata: e.target.checked })}
        />
        {t('work.metadata')}
      </label>
      <DestinationChoice value={value} onChange={onChange} />
    </div>
  );
}
