import type { CheerioAPI } from 'cheerio';
import { load } from 'cheerio';
import { readLink } from '../urls';
import { assertSitePage } from './page-check';

export type Scope = ReturnType<CheerioAPI>;

/** Loads a checked page with htmlparser2 (tolerant, keeps the site's odd nesting as written). */
export function loadPage(html: string): CheerioAPI {
  assertSitePage(html);
  const $ = load(html, { xml: { xmlMode: false } });
  // The sidebar links other shows' episodes and images; nothing in it belongs to this page.
  $('.right_bar').remove();
  return $;
}

/** The main column, where the page's own content lives. */
export function mainColumn($: CheerioAPI): Scope {
  const column = $('#contentbody [class*="col-lg-9"]').first();
  return column.length > 0 ? column : $('body');
}

export function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text after a fixed lead-in such as "Images From ", or the whole text without one. */
export function afterPrefix(text: string, prefix: RegExp): string {
  return cleanText(text).replace(prefix, '').trim();
}

export function yearOf(title: string): number | null {
  const year = /\((\d{4})\)\s*$/.exec(title)?.[1];
  return year === undefined ? null : Number(year);
}

/** The image a link shows: its `picture.php`/`Image.php` target, else its thumbnail file. */
export function imageIdOf(anchor: Scope): number | null {
  const link = readLink(anchor.attr('href') ?? '');
  if (link?.type === 'image') return link.id;
  const thumb = readLink(anchor.find('img').attr('src') ?? '');
  return thumb?.type === 'image' ? thumb.id : null;
}

/** Image ids linked inside the given elements, in page order, each once. */
export function imageIdsIn($: CheerioAPI, anchors: Scope): number[] {
  const ids = new Set<number>();
  anchors.each((_, anchor) => {
    const id = imageIdOf($(anchor));
    if (id !== null) ids.add(id);
  });
  return [...ids];
}
