import { LoaderCircle } from 'lucide-react';

/** Full-width loading state with a visible label (also announced as a status). */
export function Spinner({ label = '加载中...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-500">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      <span>{label}</span>
    </div>
  );
}
