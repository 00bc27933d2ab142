import { useParams } from 'react-router';
import { pageTarget } from '@capshelf/contract';

/** The kind and source id of `/episodes/:kind/:id` and `/images/:kind/:id`, or null when invalid. */
export function usePageTarget() {
  const { kind, id } = useParams();
  return pageTarget(kind, id);
}
