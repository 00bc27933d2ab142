/** Longest id accepted: real ids have at most 8 digits; 12 leaves room without nearing unsafe integers. */
const MAX_ID_DIGITS = 12;

/** Turns the digits of an id into a positive safe integer, or null for anything else. */
export function toId(digits: string | undefined): number | null {
  if (!digits || !/^\d+$/.test(digits) || digits.length > MAX_ID_DIGITS) return null;
  const id = Number(digits);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** The id of a show or episode query (`10435-Slug/Label&page=2`, `10436`, `22491-`). */
export function idFromSeriesQuery(query: string): number | null {
  const match = /^(\d+)(?:-|&|$)/.exec(query);
  return toId(match?.[1]);
}

/**
 * The `movieid` of a movie query. `name` may hold a raw `&`, so the parameter is looked for
 * rather than split out; a query naming two movie ids is refused as ambiguous.
 */
export function idFromMovieQuery(query: string): number | null {
  const matches = [...query.matchAll(/(?:^|&)movieid=([^&]*)/gi)];
  return matches.length === 1 ? toId(matches[0]?.[1]) : null;
}

/** `picture.php?/<id>` */
export function idFromPictureQuery(query: string): number | null {
  return toId(/^\/(\d+)$/.exec(query)?.[1]);
}

/** `Image.php?imageid=<id>` */
export function idFromImageQuery(query: string): number | null {
  return toId(/^imageid=(\d+)$/i.exec(query)?.[1]);
}

/** The numeric basename of a thumbnail or CDN file (`/7123823.jpg`). */
export function idFromImageFile(fileName: string | undefined): number | null {
  return toId(/^(\d+)\.(?:jpe?g|png|webp)$/i.exec(fileName ?? '')?.[1]);
}

/** The `page` parameter of any listing query, or null when absent. */
export function pageFromQuery(query: string): number | null {
  const digits = /(?:^|&)page=(\d{1,9})(?:&|$)/.exec(query)?.[1];
  return digits === undefined ? null : Number(digits);
}
