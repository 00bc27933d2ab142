import { RefreshCw } from 'lucide-react';
import { buttonClass } from './button';

interface RefreshButtonProps {
  label: string;
  onRefresh: () => void;
  /** A refresh is out: the arrows spin and the button waits. */
  busy: boolean;
  disabled?: boolean;
  title?: string;
  /** Placement in its row (e.g. ml-auto). */
  className?: string;
}

/** A secondary button that reloads what the screen shows; its arrows spin while that runs. */
export function RefreshButton(props: RefreshButtonProps) {
  const { label, onRefresh, busy, disabled = false, title, className } = props;
  return (
    <button
      type="button"
      className={className ? `${buttonClass('secondary')} ${className}` : buttonClass('secondary')}
      onClick={onRefresh}
      disabled={busy || disabled}
      title={title}
    >
      <RefreshCw aria-hidden className={`size-4 ${busy ? 'animate-spin' : ''}`} />
      {label}
    </button>
  );
}
