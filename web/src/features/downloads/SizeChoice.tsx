import type { DownloadSize } from '@capshelf/contract';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../components/RadioGroup';

/**
 * The one size choice of every download (grid, favourites, whole work): the sizes the server's
 * hosts deliver, each named by what it is. A single size is no choice and is only named.
 */
export function SizeChoice(props: {
  name: string;
  offered: DownloadSize[];
  value: DownloadSize;
  onChange: (size: DownloadSize) => void;
  legendHidden?: boolean;
}) {
  const { t } = useTranslation('downloads');
  return (
    <RadioGroup
      name={props.name}
      legend={t('size.legend')}
      legendHidden={props.legendHidden}
      value={props.value}
      options={props.offered.map((value) => ({ value, label: t(`size.${value}`) }))}
      onChange={props.onChange}
    />
  );
}
