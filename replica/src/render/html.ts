/** Escapes text and attribute values; links are built from slugs and ids and go in raw, like the site's. */
export function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const IMAGE_STYLE = 'width:100%;box-shadow: 5px 5px 5px #888888;';

/** One thumbnail cell as the site writes it: `div.<cols> > a > img.imageFade`. */
export function imageCell(
  cols: string,
  href: string,
  src: string,
  alt: string,
  linkAttrs = '',
): string {
  return `<div class="${cols}" style="padding:5px;"><a href="${href}"${linkAttrs}><img src="${src}" alt="${esc(alt)}" class="imageFade" style="${IMAGE_STYLE}" /></a></div>`;
}
