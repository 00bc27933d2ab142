/** Shared look of buttons and button-like links. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50';

const variants = {
  primary: 'bg-sky-600 text-white hover:bg-sky-700',
  secondary: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  danger: 'bg-red-600 text-white hover:bg-red-700',
  /** On the lightbox's dark backdrop, in either theme. */
  onDark: 'border border-white/40 text-white hover:bg-white/10',
} as const;

export function buttonClass(variant: keyof typeof variants = 'primary'): string {
  return `${base} ${variants[variant]}`;
}
