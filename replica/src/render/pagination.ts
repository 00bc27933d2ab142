/**
 * The `ul.pagination` of episode and movie pages, with the site's quirks: the « link on page 1
 * has `ihref="#"` (sic), the window spans at most 5 pages and does not reveal the last page from
 * afar, and » points to `#` on the last page. Past the end only the requested page is shown.
 */
export function pagination(page: number, lastPage: number, href: (page: number) => string): string {
  const prev = page <= 1 ? '<a ihref="#">&laquo;</a>' : `<a href="${href(page - 1)}">&laquo;</a>`;
  const next =
    page >= lastPage ? '<a href="#">&raquo;</a>' : `<a href="${href(page + 1)}">&raquo;</a>`;
  const items = [`<li>${prev}</li>`];
  for (const n of windowPages(page, lastPage)) {
    items.push(
      n === page
        ? `<li class="active"><a href="#">${n}</a></li>`
        : `<li><a href="${href(n)}">${n}</a></li>`,
    );
  }
  items.push(`<li>${next}</li>`);
  return `<ul class="pagination">\n${items.join('\n')}\n</ul>`;
}

function windowPages(page: number, lastPage: number): number[] {
  if (page > lastPage) return [page];
  const start = Math.max(1, Math.min(page - 2, lastPage - 4));
  const end = Math.min(lastPage, start + 4);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
