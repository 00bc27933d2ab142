import type { InputHTMLAttributes, ReactNode } from 'react';

/** What a field holds, when the browser should know it: its input type and autofill hint. */
const kinds = {
  email: { type: 'email', autoComplete: 'email' },
  'current-password': { type: 'password', autoComplete: 'current-password' },
  'new-password': { type: 'password', autoComplete: 'new-password' },
} as const;

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  kind?: keyof typeof kinds;
}

/** A labelled text input; every form of the page uses this one. */
export function FormField({ id, label, onChange, kind, ...input }: FormFieldProps) {
  return (
    <Labelled id={id} label={label}>
      <input
        id={id}
        name={id}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-md border border-slate-300 px-3 py-2 outline-none focus:border-sky-500 focus:ring-2 focus:ring-sky-200 disabled:bg-slate-100"
        {...(kind && kinds[kind])}
        {...input}
      />
    </Labelled>
  );
}

interface LabelledProps {
  id: string;
  label: string;
  /** Label beside the control (toolbars) rather than above it (forms). */
  inline?: boolean;
  children: ReactNode;
}

/** A control with its <label>: the label is the control's accessible name. */
export function Labelled({ id, label, inline = false, children }: LabelledProps) {
  return (
    <div className={inline ? 'flex items-center gap-2' : 'flex flex-col gap-1'}>
      <label
        htmlFor={id}
        className={inline ? 'text-sm text-slate-600' : 'text-sm font-medium text-slate-700'}
      >
        {label}
      </label>
      {children}
    </div>
  );
}
