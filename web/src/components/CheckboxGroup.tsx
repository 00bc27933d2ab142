interface CheckboxGroupProps<T extends string> {
  legend: string;
  options: readonly { value: T; label: string }[];
  /** The checked values. */
  value: readonly T[];
  /** The value whose box was clicked (the caller decides what checking or unchecking it means). */
  onToggle: (value: T) => void;
  disabled?: boolean;
}

/** A labelled group of checkboxes in a wrapping row: token permissions, notification events. */
export function CheckboxGroup<T extends string>(props: CheckboxGroupProps<T>) {
  const { legend, options, value, onToggle, disabled } = props;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-1.5 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={value.includes(option.value)}
              disabled={disabled}
              onChange={() => onToggle(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
