import { Labelled } from './FormField';

interface SelectFieldProps<T extends string | number> {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
  /** Why it is disabled, as a tooltip. */
  title?: string;
}

/** A labelled <select>; numeric options come back as numbers. */
export function SelectField<T extends string | number>(props: SelectFieldProps<T>) {
  const { id, label, value, options, onChange, disabled, title } = props;
  return (
    <Labelled id={id} label={label} inline>
      <select
        id={id}
        value={String(value)}
        disabled={disabled}
        title={title}
        onChange={(event) => {
          const picked = options.find((option) => String(option.value) === event.target.value);
          if (picked) onChange(picked.value);
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm outline-none focus:border-sky-500 focus:ring-2 focus:ring-sky-200 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
