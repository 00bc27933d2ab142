import { useTranslation } from 'react-i18next';
import { ImageBrowser } from './ImageBrowser';
import { usePageTitle } from '../../lib/usePageTitle';

/** How many cached images the sample screen asks for (the server allows 1–500). */
const SAMPLE_LIMIT = 100;

/** /sample-images: a random sample of already cached images, no upstream traffic. */
export function SampleImagesPage() {
  const { t } = useTranslation('images');
  usePageTitle(t('sample.title'));
  return (
    <ImageBrowser
      source={{ type: 'sample', limit: SAMPLE_LIMIT }}
      fallbackTitle={t('sample.title')}
    />
  );
}
