import type { TFunction } from 'i18next';
import type { ShareKind } from '@capshelf/contract';

/** A share's title, or when the owner gave none (empty) a name by kind and count in the page's language. */
export function shareTitle(
  t: TFunction<'shares'>,
  share: { title: string; kind: ShareKind; count: number },
): string {
  return share.title || t(`untitled.${share.kind}`, { count: share.count });
}
