import { useRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useShortcut } from './shortcuts';

function Page(props: { onA: () => void; onHelp: () => void; onF: () => void; dialog?: boolean }) {
  useShortcut('a', props.onA);
  useShortcut('?', props.onHelp);
  const own = useRef<HTMLDivElement>(null);
  useShortcut('f', props.onF, { dialog: own, enabled: Boolean(props.dialog) });
  return (
    <div>
      <input aria-label="field" />
      <textarea aria-label="notes" />
      <select aria-label="choice">
        <option>one</option>
      </select>
      <div aria-label="editor" contentEditable suppressContentEditableWarning>
        text
      </div>
      <button type="button">plain</button>
      {props.dialog && (
        <div role="dialog" ref={own}>
          <button type="button">inside</button>
        </div>
      )}
    </div>
  );
}

const setup = (dialog = false) => {
  const spies = { onA: vi.fn(), onHelp: vi.fn(), onF: vi.fn() };
  const view = render(<Page {...spies} dialog={dialog} />);
  return { ...spies, view };
};

const press = (target: Element, key: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(target, {
    key,
    code: key.length === 1 ? `Key${key.toUpperCase()}` : key,
    ...init,
  });

describe('useShortcut', () => {
  it('fires on its key anywhere outside a field and keeps the key from the browser', () => {
    const { onA } = setup();
    const event = new KeyboardEvent('keydown', {
      key: 'a',
      code: 'KeyA',
      bubbles: true,
      cancelable: true,
    });
    screen.getByRole('button', { name: 'plain' }).dispatchEvent(event);
    expect(onA).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    press(document.body, 'a');
    expect(onA).toHaveBeenCalledTimes(2);
  });

  it('is ignored while typing in an input, textarea, select or contenteditable', () => {
    const { onA, onHelp } = setup();
    for (const name of ['field', 'notes', 'choice', 'editor']) {
      press(screen.getByLabelText(name), 'a');
      press(screen.getByLabelText(name), '?', { code: 'Slash', shiftKey: true });
    }
    expect(onA).not.toHaveBeenCalled();
    expect(onHelp).not.toHaveBeenCalled();
  });

  it('is ignored with Ctrl, Meta or Alt (browser shortcuts keep working), and a letter with Shift', () => {
    const { onA } = setup();
    const event = new KeyboardEvent('keydown', {
      key: 'a',
      code: 'KeyA',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    press(document.body, 'a', { metaKey: true });
    press(document.body, 'a', { altKey: true });
    press(document.body, 'A', { code: 'KeyA', shiftKey: true });
    expect(onA).not.toHaveBeenCalled();
  });

  it('takes `?` as the layout types it, Shift included', () => {
    const { onHelp } = setup();
    press(document.body, '?', { code: 'Slash', shiftKey: true });
    expect(onHelp).toHaveBeenCalledTimes(1);
    press(document.body, '?', { code: 'Slash', shiftKey: true, ctrlKey: true });
    expect(onHelp).toHaveBeenCalledTimes(1);
  });

  it('leaves page shortcuts off while a dialog is open; the dialog’s own fire only while it is on top', () => {
    const { onA, onF, view } = setup(true);
    const inside = screen.getByRole('button', { name: 'inside' });
    press(inside, 'a');
    expect(onA).not.toHaveBeenCalled();
    press(inside, 'f');
    expect(onF).toHaveBeenCalledTimes(1);

    // Another dialog (a confirmation) in front of it.
    const other = document.createElement('div');
    other.setAttribute('role', 'alertdialog');
    document.body.append(other);
    press(inside, 'f');
    expect(onF).toHaveBeenCalledTimes(1);
    other.remove();

    // Closed: its shortcut is off, the page's are back.
    view.rerender(<Page onA={onA} onHelp={vi.fn()} onF={onF} />);
    press(document.body, 'f');
    press(document.body, 'a');
    expect(onF).toHaveBeenCalledTimes(1);
    expect(onA).toHaveBeenCalledTimes(1);
  });

  it('does not take the Escape that closed a dialog on its way down', () => {
    const onEscape = vi.fn();
    function Escape() {
      useShortcut('escape', onEscape);
      return null;
    }
    render(<Escape />);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    // As radix does: the dialog closes on the key's capture pass, before the page sees it.
    const close = () => dialog.remove();
    document.addEventListener('keydown', close, { capture: true });
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape' });
    document.removeEventListener('keydown', close, { capture: true });
    expect(onEscape).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' });
    expect(onEscape).toHaveBeenCalledTimes(1);
  });
});
