import { useTranslation } from 'react-i18next';
import {
  filtersInEffect,
  type DatasetOptions as Options,
  type QualityFilter,
} from '@capshelf/contract';
import { RadioGroup } from '../../components/RadioGroup';

/** 完全相同, 同一镜头 (the default) and 宽松, as distances in bits of the 64-bit hash. */
const PRESETS = { identical: 2, sameShot: 6, loose: 10 } as const;
type Preset = keyof typeof PRESETS | 'custom';
const QUALITY: readonly QualityFilter[] = ['dark', 'blank', 'blurry'];

function presetOf(threshold: number): Preset {
  const found = Object.entries(PRESETS).find(([, value]) => value === threshold);
  return found ? (found[0] as Preset) : 'custom';
}

/**
 * What a download leaves out, of its dataset options (the contract's one shape, which the dialog
 * holds whole): near-duplicate frames (a preset or a number 0–64; compared with every frame kept
 * so far, over the whole work or each episode) and the quality filters. A filter the user has not
 * touched follows the layout (`filtersInEffect`: on for kohya, waifuc and hf, off for a plain ZIP).
 */
export function DatasetOptions({
  value,
  onChange,
  withScope,
}: {
  value: Options;
  onChange: (next: Options) => void;
  /** Whole-work downloads choose the scope; a selection is one. */
  withScope: boolean;
}) {
  const { t } = useTranslation('downloads');
  const set = (change: Partial<Options>) => onChange({ ...value, ...change });
  const threshold = value.near_duplicate_threshold;
  const preset = presetOf(threshold);
  const filters = filtersInEffect(value);
  const quality = filters.quality_filters;
  const toggleQuality = (filter: QualityFilter) =>
    set({
      quality_filters: quality.includes(filter)
        ? quality.filter((f) => f !== filter)
        : QUALITY.filter((f) => f === filter || quality.includes(f)),
    });
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={filters.skip_near_duplicates}
          onChange={(e) => set({ skip_near_duplicates: e.target.checked })}
        />
        {t('dataset.skip')}
      </label>
      {filters.skip_near_duplicates && (
        <div className="flex flex-col gap-2 pl-6">
          <RadioGroup
            name="near-duplicate-preset"
            legend={t('dataset.preset')}
            value={preset}
            options={(['identical', 'sameShot', 'loose', 'custom'] as const).map((p) => ({
              value: p,
              label: t(`dataset.presets.${p}`),
            }))}
            // 自定义 starts one bit past the preset it leaves, a number no preset has.
            onChange={(p) =>
              set({ near_duplicate_threshold: p === 'custom' ? threshold + 1 : PRESETS[p] })
            }
          />
          {preset === 'custom' && (
            <label className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span className="whitespace-nowrap">{t('dataset.threshold')}</span>
              <input
                type="number"
                min={0}
                max={64}
                value={threshold}
                onChange={(e) =>
                  set({
                    near_duplicate_threshold: Math.min(
                      64,
                      Math.max(0, Number(e.target.value) || 0),
                    ),
                  })
                }
                className="w-20 rounded border border-slate-300 px-2 py-1"
              />
              <span className="text-xs">{t('dataset.thresholdHint')}</span>
            </label>
          )}
          {withScope && (
            <RadioGroup
              name="near-duplicate-scope"
              legend={t('dataset.scope')}
              value={value.near_duplicate_scope}
              options={(['work', 'episode'] as const).map((s) => ({
                value: s,
                label: t(`dataset.scopes.${s}`),
              }))}
              onChange={(scope) => set({ near_duplicate_scope: scope })}
            />
          )}
        </div>
      )}
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <legend className="text-sm text-slate-600">{t('dataset.quality')}</legend>
        {QUALITY.map((filter) => (
          <label key={filter} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={quality.includes(filter)}
              onChange={() => toggleQuality(filter)}
            />
            {t(`dataset.filters.${filter}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
