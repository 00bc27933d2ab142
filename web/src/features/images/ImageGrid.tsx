import { useEffect, useId, useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { ImageItem } from '@capshelf/contract';
import { useElementBox } from '../../lib/useElementBox';
import type { ImageOrigins } from '../favorites';
import type { ImageSize } from '../selection';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { ACTION_ROW_PX, CAPTION_ROW_PX, COMPACT_CAPTION_ROW_PX, ImageCard } from './ImageCard';
import { autoColumns, type ColumnChoice } from './columns';
import { cellFocus, useGridKeyboard } from './useGridKeyboard';

const GAP_PX = 8;
/** Phone-sized screens and touch pointers get the tiles' buttons in a row under the picture. */
export const COMPACT_QUERY = '(max-width: 639px), (pointer: coarse)';
const ROWS_OVERSCAN = 3;

interface ImageGridProps {
  images: readonly ImageItem[];
  columns: ColumnChoice;
  size: ImageSize;
  isSelected: (id: number) => boolean;
  onSelect: (image: ImageItem, shift: boolean) => void;
  onZoom: (index: number) => void;
  origin?: ImageOrigins;
  captionOf?: (image: ImageItem) => string | undefined;
  /** For the screen: focus a tile by its index (the lightbox hands focus back to the last one). */
  handle?: Ref<ImageGridHandle>;
}

export interface ImageGridHandle {
  focus: (index: number) => void;
}

/**
 * Rows of N cards, virtualised against the window's scroll: an episode of thousands of images
 * keeps only the rows near the viewport in the page. Cards are 16:9, so a row's height follows
 * from the grid's width and needs no measuring.
 */
export function ImageGrid(props: ImageGridProps) {
  const { images, size, isSelected, onSelect, onZoom, origin, captionOf } = props;
  const gridRef = useRef<HTMLDivElement>(null);
  const box = useElementBox(gridRef, [images.length]);
  const compact = useMediaQuery(COMPACT_QUERY);
  const columns = props.columns === 'auto' ? autoColumns(box.width) : props.columns;
  const cardWidth = (box.width - GAP_PX * (columns - 1)) / columns;
  const rowHeight =
    Math.max(40, Math.round((cardWidth * 9) / 16)) +
    (compact ? ACTION_ROW_PX : 0) +
    (captionOf ? (compact ? COMPACT_CAPTION_ROW_PX : CAPTION_ROW_PX) : 0) +
    GAP_PX;

  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(images.length / columns),
    estimateSize: () => rowHeight,
    overscan: ROWS_OVERSCAN,
    scrollMargin: box.top,
  });
  // Column or width changes alter every row's height at once.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const { t } = useTranslation('shortcuts');
  const keyboard = useGridKeyboard({
    gridRef,
    count: images.length,
    columns,
    scrollToRow: (row) => virtualizer.scrollToIndex(row),
    onToggle: (index, range) => onSelect(images[index]!, range),
    onOpen: onZoom,
  });
  useImperativeHandle(props.handle, () => ({ focus: keyboard.focusIndex }));
  // Several grids may share a page (favourites grouped by work).
  const hintId = useId();
  const rows = virtualizer.getVirtualItems();
  // The grid's one tab stop: the active tile, or the first rendered one when it scrolled away.
  const activeRow = Math.floor(keyboard.active / columns);
  const tabStop = rows.some((row) => row.index === activeRow)
    ? keyboard.active
    : (rows[0]?.index ?? 0) * columns;

  return (
    <div
      ref={gridRef}
      data-columns={columns}
      role="grid"
      aria-label={t('grid.label')}
      aria-describedby={hintId}
      aria-multiselectable
      aria-rowcount={Math.ceil(images.length / columns)}
      aria-colcount={columns}
      onKeyDown={keyboard.onKeyDown}
      onFocus={keyboard.onFocus}
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      <p id={hintId} hidden>
        {t('grid.hint')}
      </p>
      {rows.map((row) => (
        <div
          key={row.key}
          role="row"
          aria-rowindex={row.index + 1}
          className="absolute inset-x-0 top-0 grid"
          style={{
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap: GAP_PX,
            height: rowHeight - GAP_PX,
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
          }}
        >
          {images.slice(row.index * columns, (row.index + 1) * columns).map((image, offset) => {
            const index = row.index * columns + offset;
            const selected = isSelected(image.id);
            return (
              <div
                key={image.id}
                role="gridcell"
                aria-colindex={offset + 1}
                aria-selected={selected}
                className={`min-w-0 ${cellFocus}`}
              >
                <ImageCard
                  image={image}
                  index={index}
                  tabbable={index === tabStop}
                  size={size}
                  selected={selected}
                  onSelect={onSelect}
                  onZoom={onZoom}
                  origin={origin}
                  caption={captionOf?.(image)}
                  compact={compact}
                />
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
