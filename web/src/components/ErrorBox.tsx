import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface ErrorBoxProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  /** Extra advice or links under the message (the rate-limit panel). */
  children?: ReactNode;
}

/** The one red failure box of the browse screens, announced with role="alert". */
export function ErrorBox({ title, message, onRetry, children }: ErrorBoxProps) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-2 text-sm">
        {title && <p className="text-base font-semibold">{title}</p>}
        <p>{message}</p>
        {children}
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="self-start font-medium text-red-700 underline hover:text-red-900"
          >
            {t('retry')}
          </button>
        )}
      </div>
    </div>
  );
}
