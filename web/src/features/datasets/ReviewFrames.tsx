import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageItem, ReviewFrame } from '@capshelf/contract';
import { RadioGroup } from '../../components/RadioGroup';
import { ImageGrid } from '../images/ImageGrid';
import { Lightbox } from '../images/Lightbox';
import { useColumnChoice } from '../images/columns';
import { finalState, type Overrides } from './decision';
import { arrange, type ReviewView } from './groups';

const VIEWS: readonly ReviewView[] = ['dropped', 'kept', 'all'];

/**
 * The review's frames in the image screen's grid and lightbox (same keys): a tile is selected
 * when the frame goes into the archive, and selecting turns the decision.
 */
export function ReviewFrames({
  frames,
  overrides,
  onToggle,
}: {
  frames: readonly ReviewFrame[];
  overrides: Overrides;
  onToggle: (frame: ReviewFrame) => void;
}) {
  const { t } = useTranslation('downloads');
  const [view, setView] = useState<ReviewView>('dropped');
  const [columns] = useColumnChoice();
  const [zoomed, setZoomed] = useState<number | null>(null);
  const shown = arrange(frames, overrides, view);
  const byId = new Map(frames.map((f) => [f.image.id, f]));
  const images = shown.frames.map((f) => f.image);
  const isSelected = (id: number) => {
    const frame = byId.get(id);
    return frame ? finalState(frame, overrides) === 'kept' : false;
  };
  const turn = (image: ImageItem) => {
    const frame = byId.get(image.id);
    if (frame) onToggle(frame);
  };
  const caption = (image: ImageItem) => {
    const found = shown.captions.get(image.id);
    return found && t(`review.caption.${found.key}`, { count: found.count ?? 0 });
  };
  return (
    <section className="flex flex-col gap-3" aria-labelledby="review-frames">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="review-frames" className="text-lg font-semibold text-slate-900">
          {t('review.frames')}
        </h2>
        <RadioGroup
          name="review-view"
          legend={t('review.view')}
          legendHidden
          value={view}
          options={VIEWS.map((v) => ({ value: v, label: t(`review.views.${v}`) }))}
          onChange={setView}
        />
        {view === 'dropped' && (
          <span className="text-sm text-slate-500">
            {t('review.groups', { count: shown.groups })}
          </span>
        )}
      </div>
      <p className="text-sm text-slate-500">{t('review.hint')}</p>
      {images.length === 0 ? (
        <p className="py-8 text-center text-slate-500">{t(`review.empty.${view}`)}</p>
      ) : (
        <ImageGrid
          images={images}
          columns={columns}
          size="compressed"
          isSelected={isSelected}
          onSelect={turn}
          onZoom={setZoomed}
          captionOf={caption}
        />
      )}
      <Lightbox
        images={images}
        index={zoomed}
        onIndexChange={setZoomed}
        isSelected={isSelected}
        onToggle={turn}
        size="compressed"
        toggleLabel={(kept) => t(kept ? 'review.drop' : 'review.keep')}
      />
    </section>
  );
}
