import { useTranslation } from 'react-i18next';
import type { ExportLayout } from '@capshelf/contract';
import { RadioGroup } from '../../components/RadioGroup';

/** How the archive is laid out, as the dialogs hold it (docs/datasets.md). */
export interface ExportChoice {
  layout: ExportLayout;
  repeats: number;
  name: string;
  trigger: string;
}

export const DEFAULT_EXPORT_CHOICE: ExportChoice = {
  layout: 'plain',
  repeats: 10,
  name: '',
  trigger: '',
};

/**
 * The request fields for a choice: none for plain (the server's default), kohya's only with kohya
 * (its name: the work's title, or the selection's prefix, when left empty).
 */
export function exportFields(choice: ExportChoice) {
  if (choice.layout === 'plain') return {};
  if (choice.layout !== 'kohya') return { export: choice.layout };
  return {
    export: choice.layout,
    kohya_repeats: choice.repeats,
    ...(choice.name.trim() ? { kohya_name: choice.name.trim() } : {}),
    trigger_word: choice.trigger.trim(),
  };
}

const LAYOUTS: readonly ExportLayout[] = ['plain', 'kohya', 'waifuc', 'hf'];
const fieldClass = 'rounded border border-slate-300 px-2 py-1';

/** 导出格式: capshelf's own folders, or the layout kohya, waifuc or a Hugging Face loader reads. */
export function ExportOptions({
  value,
  onChange,
  namePlaceholder,
}: {
  value: ExportChoice;
  onChange: (next: ExportChoice) => void;
  /** What the concept name is when left empty (the work's title unless told). */
  namePlaceholder?: string;
}) {
  const { t } = useTranslation('downloads');
  const set = (change: Partial<ExportChoice>) => onChange({ ...value, ...change });
  return (
    <div className="flex flex-col gap-2">
      <RadioGroup
        name="export-layout"
        legend={t('export.layout')}
        value={value.layout}
        options={LAYOUTS.map((layout) => ({ value: layout, label: t(`export.layouts.${layout}`) }))}
        onChange={(layout) => set({ layout })}
      />
      {value.layout === 'kohya' && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 pl-6 text-sm text-slate-600">
          <label className="flex items-center gap-2">
            <span className="whitespace-nowrap">{t('export.repeats')}</span>
            <input
              type="number"
              min={1}
              max={1000}
              value={value.repeats}
              onChange={(e) =>
                set({
                  repeats: Math.min(1000, Math.max(1, Math.round(Number(e.target.value)) || 1)),
                })
              }
              className={`w-20 ${fieldClass}`}
            />
          </label>
          <label className="flex items-center gap-2">
            <span className="whitespace-nowrap">{t('export.name')}</span>
            <input
              value={value.name}
              maxLength={100}
              placeholder={namePlaceholder ?? t('export.namePlaceholder')}
              onChange={(e) => set({ name: e.target.value })}
              className={`w-40 ${fieldClass}`}
            />
          </label>
          <label className="flex items-center gap-2">
            <span className="whitespace-nowrap">{t('export.trigger')}</span>
            <input
              value={value.trigger}
              maxLength={100}
              onChange={(e) => set({ trigger: e.target.value })}
              className={`w-40 ${fieldClass}`}
            />
          </label>
        </div>
      )}
    </div>
  );
}
