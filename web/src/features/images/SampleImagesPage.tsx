import { ImageBrowser } from './ImageBrowser';

/** How many cached images the sample screen asks for (the server allows 1–500). */
const SAMPLE_LIMIT = 100;

/** /sample-images: a random sample of already cached images, no upstream traffic. */
export function SampleImagesPage() {
  return <ImageBrowser source={{ type: 'sample', limit: SAMPLE_LIMIT }} fallbackTitle="示例图片" />;
}
