import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { expectNoCjk } from '../../test/cjk';
import { ImageSelectionBar, type RangeStep } from '../images/ImageSelectionBar';

function bar(selectedCount: number, range: RangeStep = 'off') {
  const noop = () => {};
  return (
    <ImageSelectionBar
      selectedCount={selectedCount}
      onSelectAll={noop}
      onDeselectAll={noop}
      range={range}
      onRangeToggle={noop}
      onDownload={noop}
      downloading={false}
    />
  );
}

describe('image selection bar in English', () => {
  it('counts the selection with plurals and leaves no Chinese', async () => {
    await i18n.changeLanguage('en');
    const { container, rerender } = render(bar(3, 'first'));
    expect(screen.getByRole('toolbar', { name: 'Selection actions' })).toBeTruthy();
    expect(screen.getByText('3 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download selected (3)' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Range select: tap the first image');
    expectNoCjk(container);

    rerender(bar(1234));
    expect(screen.getByText('1,234 selected')).toBeTruthy();
    expectNoCjk(container);
  });

  it('follows a language change while open, and keeps the Chinese text as it was', async () => {
    const { container } = render(bar(3));
    expect(screen.getByText('已选择 3 张')).toBeTruthy();
    await i18n.changeLanguage('en');
    expect(await screen.findByText('3 selected')).toBeTruthy();
    expectNoCjk(container);
  });
});
