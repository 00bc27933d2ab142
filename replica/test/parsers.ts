import type { CheerioAPI } from 'cheerio';

/**
 * Minimal parsers written the way the spec tells scrapers to read the REAL pages (scoped
 * selectors). The parity test runs them on the saved fixtures and on the replica.
 */
export function parseSearch($: CheerioAPI) {
  const block = $('.single_post_content').eq(1);
  return block
    .find('h2')
    .toArray()
    .map((h2) => {
      const table = $(h2).nextAll('table').first();
      return {
        heading: $(h2).text().trim(),
        rows: table
          .find('tr')
          .toArray()
          .map((tr) => ({
            title: $(tr).find('h4 > a').text().trim(),
            href: $(tr).find('h4 > a').attr('href') ?? '',
            previews: $(tr)
              .find('img.imageFade')
              .toArray()
              .map((img) => $(img).attr('src') ?? ''),
          })),
      };
    });
}

export function parseShowPage($: CheerioAPI, kind: 'anime' | 'tv') {
  const column = $('#contentbody .col-lg-9');
  const headings = kind === 'anime' ? column.find('a[href] > h3') : column.find('h3 > a[href]');
  const episodes = headings.toArray().map((el) => {
    const link = kind === 'anime' ? $(el).parent() : $(el);
    return {
      href: link.attr('href') ?? '',
      label: /Images From (.+?)\s*$/.exec($(el).text())?.[1] ?? '',
    };
  });
  const next = column.find('ul.pager a[title="Next Page"]');
  return {
    title: column.find('h1.post_title').text().trim(),
    episodes,
    buttons: column
      .find('a.btn.btn-block')
      .toArray()
      .map((a) => $(a).attr('href') ?? ''),
    previews: column.find('img.imageFade').length,
    nextHref: next.attr('href') ?? '',
    prevHref: column.find('ul.pager a[title="Previous Page"]').attr('href') ?? '',
    prevDisabled: column.find('ul.pager li').first().hasClass('disabled'),
  };
}

export function parsePagination($: CheerioAPI) {
  const items = $('ul.pagination li');
  return {
    active: items.filter('.active').text().trim(),
    numbers: items
      .toArray()
      .map((li) => $(li).text().trim())
      .filter((t) => /^\d+$/.test(t)),
    first: items.first().find('a'),
    lastHref: items.last().find('a').attr('href') ?? '',
  };
}

export function parseEpisodePage($: CheerioAPI) {
  const marker = $('h3')
    .filter((_, h3) => /^(Episode Screencaps|Episode Images)$/.test($(h3).text().trim()))
    .first();
  const grid = marker.closest('div.row').nextAll('div.row').first();
  return {
    title: $('h1.post_title').text().trim(),
    gridTitle: marker.text().trim(),
    top: $('div.topImages img.imageFade')
      .toArray()
      .map((img) => $(img).attr('src') ?? ''),
    grid: grid
      .find('.col-lg-3.col-md-4.col-sm-6.col-xs-12 a')
      .toArray()
      .map((a) => ({ href: $(a).attr('href') ?? '', src: $(a).find('img').attr('src') ?? '' })),
    showHref: $('ol.breadcrumb li').eq(1).find('a').attr('href') ?? '',
    nextEpisodeHref: $('a.btn.btn-info').attr('href') ?? '',
    pagination: parsePagination($),
  };
}

export function parseMoviePage($: CheerioAPI) {
  const bar = $('section#contentbody .middle_bar');
  const title = bar.find('h2[class="post_title "]');
  const grid = title.nextAll('div[style="margin-top:5px;"]').first();
  return {
    title: title.text().trim(),
    images: bar
      .find('img.imageFade')
      .toArray()
      .map((img) => ({
        src: $(img).attr('src') ?? '',
        href: $(img).parent('a').attr('href') ?? '',
      })),
    adRows: grid
      .children('div.row')
      .filter((_, row) => $(row).find('[data-freestar-ad]').length > 0).length,
    topImages: $('div.topImages').length,
    pagination: parsePagination($),
  };
}

export function parsePicture($: CheerioAPI) {
  const link = $('div.img-holder > a[target="_blank"]');
  return {
    original: link.attr('href') ?? '',
    compressed: link.find('img#imageTag').attr('src') ?? '',
    previous: $('a.btn.btn-info.pull-left').attr('href') ?? '',
    next: $('a.btn.btn-info.pull-right').attr('href') ?? '',
  };
}
