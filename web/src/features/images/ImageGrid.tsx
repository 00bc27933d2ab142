import { useEffect, useRef } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { ImageItem } from '@capshelf/contract';
import { useElementBox } from '../../lib/useElementBox';
import type { ImageOrigins } from '../favorites';
import type { ImageSize } from '../selection';
import { ImageCard } from './ImageCard';

export const COLUMN_CHOICES = [3, 4, 5, 6, 8] as const;
export type Columns = (typeof COLUMN_CHOICES)[number];
const GAP_PX = 8;
const ROWS_OVERSCAN = 3;

interface ImageGridProps {
  images: readonly ImageItem[];
  columns: Columns;
  size: ImageSize;
  isSelected: (id: number) => boolean;
  onSelect: (image: ImageItem, shift: boolean) => void;
  onZoom: (index: number) => void;
  origin?: ImageOrigins;
  captionOf?: (image: ImageItem) => string | undefined;
}

/**
 * Rows of N cards, virtualised against the window's scroll: an episode of thousands of images
 * keeps only the rows near the viewport in the page. Cards are 16:9, so a row's height follows
 * from the grid's width and needs no measuring.
 */
export function ImageGrid(props: ImageGridProps) {
  const { images, columns, size, isSelected, onSelect, onZoom, origin, captionOf } = props;
  const gridRef = useRef<HTMLDivElement>(null);
  const box = useElementBox(gridRef, [images.length]);
  const cardWidth = (box.width - GAP_PX * (columns - 1)) / columns;
  const rowHeight = Math.max(40, Math.round((cardWidth * 9) / 16)) + GAP_PX;

  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(images.length / columns),
    estimateSize: () => rowHeight,
    overscan: ROWS_OVERSCAN,
    scrollMargin: box.top,
  });
  // Column or width changes alter every row's height at once.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  return (
    <div ref={gridRef} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
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
            return (
              <ImageCard
                key={image.id}
                image={image}
                index={index}
                size={size}
                selected={isSelected(image.id)}
                onSelect={onSelect}
                onZoom={onZoom}
                origin={origin}
                caption={captionOf?.(image)}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}
