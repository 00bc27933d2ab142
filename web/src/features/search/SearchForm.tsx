import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import type { ContentType } from '@capshelf/contract';
import { FormField } from '../../components/FormField';
import { RadioGroup } from '../../components/RadioGroup';
import { buttonClass } from '../../components/button';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useSearchSuggestions, useTitleSuggestions } from '../../api';

export const SUGGEST_DEBOUNCE_MS = 300;

export const contentTypes = [
  'all',
  'anime',
  'movies',
  'tv',
] as const satisfies readonly ContentType[];

interface SearchFormProps {
  text: string;
  onTextChange: (text: string) => void;
  type: ContentType;
  onTypeChange: (type: ContentType) => void;
  /** The query whose results are on screen; no suggestions are offered for it. */
  shownQuery: string;
  busy: boolean;
  onSearch: (query: string) => void;
}

export function SearchForm(props: SearchFormProps) {
  const { text, onTextChange, type, onTypeChange, shownQuery, busy, onSearch } = props;
  const { t } = useTranslation('search');
  const settledText = useDebouncedValue(text, SUGGEST_DEBOUNCE_MS);
  // Drawn from this account's own recent searches on the server.
  const asked = settledText === shownQuery ? '' : settledText;
  const offered = useSearchSuggestions(asked);
  // A Chinese or Japanese name: the works of the server's title table it may be.
  const titled = useTitleSuggestions(asked);
  const suggestions = (asked && offered.data?.searches) || [];
  const titles = (asked && titled.data?.suggestions) || [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" role="search">
      <div className="flex items-end gap-2">
        <div className="relative flex-1">
          <FormField
            id="search-query"
            label={t('field')}
            type="search"
            autoComplete="off"
            placeholder={t('placeholder')}
            value={text}
            onChange={onTextChange}
          />
          {suggestions.length + titles.length > 0 && (
            <ul
              aria-label={t('suggestions')}
              className="absolute inset-x-0 top-full z-10 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg"
            >
              {suggestions.map((entry) => (
                <li key={entry.query}>
                  <button
                    type="button"
                    className="w-full px-3 py-2 text-left text-sm hover:bg-sky-50"
                    onClick={() => onSearch(entry.query)}
                  >
                    <span data-user-content>{entry.query}</span>
                  </button>
                </li>
              ))}
              {titles.map((work) => (
                <li key={`${work.chinese_name}:${work.original_title}`}>
                  <button
                    type="button"
                    className="flex w-full flex-col px-3 py-2 text-left text-sm hover:bg-sky-50"
                    onClick={() => onSearch(work.chinese_name)}
                  >
                    <span data-user-content>{work.chinese_name}</span>
                    <span className="text-xs text-slate-500">
                      {[work.year, t(`titleType.${work.type}`)].filter(Boolean).join(' · ')}
                      {' · '}
                      <span data-user-content lang="ja">
                        {work.original_title}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <button type="submit" className={buttonClass()} disabled={busy || text.trim() === ''}>
          <Search aria-hidden className="size-4" />
          {busy ? t('pending') : t('submit')}
        </button>
      </div>
      <RadioGroup
        name="search-type"
        legend={t('type.legend')}
        value={type}
        options={contentTypes.map((value) => ({ value, label: t(`type.${value}`) }))}
        onChange={onTypeChange}
      />
    </form>
  );
}
