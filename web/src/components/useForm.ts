import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api';
import type { Checked } from '../lib/validation';

/** What a FormField needs from the form: spread it onto the field. */
export interface FieldBinding {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A form's text values and the one problem shown under it. `field(name)` wires a FormField (id
 * `${idPrefix}-${name in kebab-case}`); `submit` checks before it sends; `failed` shows a
 * request's error.
 */
export function useForm<K extends string>(idPrefix: string, initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (changes: Partial<Record<K, string>>) =>
    setValues((current) => ({ ...current, ...changes }));

  return {
    values,
    set,
    problem,
    setProblem,
    field: (name: K): FieldBinding => ({
      id: `${idPrefix}-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
      value: values[name],
      onChange: (value: string) => set({ [name]: value } as Partial<Record<K, string>>),
    }),
    /** The form's onSubmit: shows what `check` found, or clears the problem and sends. */
    submit:
      <T>(check: () => Checked<T>, send: (valid: T) => void) =>
      (event: FormEvent) => {
        event.preventDefault();
        const found = check();
        if ('problem' in found) {
          setProblem(found.problem);
          return;
        }
        setProblem(null);
        send(found.valid);
      },
    /** A request's onError: the server's message, or `fallback` when it gives none. */
    failed: (fallback: string) => (error: unknown) => setProblem(errorMessage(error, fallback)),
  };
}
