/**
 * Show slugs follow fancaps' scheme: a possessive 's keeps an underscore, ": " and ", " become a
 * double underscore, sentence punctuation disappears and anything else non-alphanumeric is "_".
 */
export function showSlug(title: string): string {
  return title
    .replace(/'s\b/g, '_s')
    .replace(/[:,] /g, '__')
    .replace(/[.!?()]/g, '')
    .replace(/[^A-Za-z0-9_]/g, '_');
}

/** Movie slugs drop punctuation instead, but keep a raw "&" (which then sits inside `name=`). */
export function movieSlug(title: string): string {
  return title
    .replace(/[^A-Za-z0-9 &]/g, '')
    .trim()
    .split(/\s+/)
    .join('_');
}

/** Episode labels only trade spaces for underscores ("Episode 1 & 2" → "Episode_1_&_2"). */
export function labelSlug(label: string): string {
  return label.replace(/ /g, '_');
}
