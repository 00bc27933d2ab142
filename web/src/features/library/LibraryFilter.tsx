import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField';

/** A library's works filter: the source's title or the Chinese name, traditional or simplified. */
export function LibraryFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation('library');
  return (
    <div className="w-full sm:w-72">
      <FormField
        id="library-filter"
        label={t('filter.label')}
        type="search"
        placeholder={t('filter.placeholder')}
        value={value}
        onChange={onChange}
      />
    </div>
  );
}
