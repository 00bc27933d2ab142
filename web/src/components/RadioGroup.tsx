interface RadioGroupProps<T extends string> {
  name: string;
  legend: string;
  value: T;
  /** `lang` marks a label in another language than the page's (a language's own name). */
  options: readonly { value: T; label: string; lang?: string }[];
  onChange: (value: T) => void;
  /** The legend for screen readers only, when a heading beside the group already names it. */
  legendHidden?: boolean;
}

/** A labelled group of radio buttons drawn as a segmented control. */
export function RadioGroup<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  legendHidden = false,
}: RadioGroupProps<T>) {
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{legend}</legend>
      {!legendHidden && (
        <span aria-hidden className="text-sm text-slate-600">
          {legend}
        </span>
      )}
      {options.map((option) => (
        <label
          key={option.value}
          lang={option.lang}
          translate={option.lang ? 'no' : undefined}
          className={`cursor-pointer rounded-md border px-3 py-1.5 text-sm has-focus-visible:ring-2 has-focus-visible:ring-sky-300 ${
            option.value === value
              ? 'border-sky-600 bg-sky-600 text-white'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
          }`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Options declared with catalogue keys as labels, in the page's language. */
export function translatedOptions<T extends string>(
  options: readonly { value: T; label: string }[],
  t: (key: string) => string,
) {
  return options.map((option) => ({ ...option, label: t(option.label) }));
}
