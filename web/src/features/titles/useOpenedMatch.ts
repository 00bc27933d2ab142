import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Ref } from '@capshelf/contract';
import { useWorkOpened } from '../../api';
import { useSession } from '../auth';

/**
 * A work opened from a result of a Chinese query (`?zh=<entry>` on its address): tells the server
 * once, which makes the Chinese name the work's for every page and user when its search found it.
 */
export function useOpenedMatch(work: Ref | null | undefined) {
  const [params] = useSearchParams();
  const ref = params.get('zh');
  const signedIn = useSession().status === 'authenticated';
  const { mutate } = useWorkOpened();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!ref || !work || !signedIn) return;
    const key = `${work.kind}:${work.id}:${ref}`;
    if (sent.current === key) return;
    sent.current = key;
    mutate({ work: { kind: work.kind, id: work.id }, ref });
  }, [ref, work, signedIn, mutate]);
}
