/**
 * fancaps query strings are not form-encoded key/value lists ("?10434-Slug&page=2",
 * "?/7123823", "name=A_&_B&movieid=1"), so ids are read from the raw query with anchored patterns.
 */
export function rawQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at + 1);
}

/** The show or episode id: the digits before the cosmetic "-Slug/Label" (which may be absent). */
export function leadingId(query: string): number | undefined {
  return numberOf(/^(\d+)(?:[-&/]|$)/.exec(query));
}

/** Page numbers below 1 (the pager's "page=0") show page 1. */
export function pageParam(query: string): number {
  return Math.max(1, numberOf(/(?:^|&)page=(\d+)(?:&|$)/.exec(query)) ?? 1);
}

/** Found by name, not position: `name` may itself contain a raw "&". */
export function movieIdParam(query: string): number | undefined {
  return numberOf(/(?:^|&)movieid=(\d+)(?:&|$)/.exec(query));
}

export function imageIdParam(query: string): number | undefined {
  return numberOf(/(?:^|&)imageid=(\d+)(?:&|$)/.exec(query));
}

/** picture.php?/<id> */
export function pictureIdParam(query: string): number | undefined {
  return numberOf(/^\/(\d+)$/.exec(query));
}

function numberOf(match: RegExpExecArray | null): number | undefined {
  return match ? Number(match[1]) : undefined;
}
