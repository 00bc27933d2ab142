import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server hands the page every link it opens (`link.page_path`, `link.source_url`): only the
 * server's URL model knows the source site's hosts and page forms. The page's own code never
 * names the site's host or page files, nor takes a URL apart for an id. Tests and fixtures may
 * (they play the server); interface text may name the site to the user (locale JSON, not code).
 */
const FORBIDDEN: [RegExp, string][] = [
  [/fancaps\.[a-z]/i, 'a source-site host'],
  [/\.php\b/i, 'a source-site page file'],
  [/movieid/i, 'a source-site query key'],
  [/(?:indexOf|lastIndexOf|split)\(\s*['"`][?&=]/, 'a URL sliced for its query part'],
  [/\.search\.slice\(|searchParams\.get\(\s*['"`]movieid/i, 'a URL taken apart for an id'],
];

const SRC = join(__dirname, '..');
const isCode = (name: string) => /\.tsx?$/.test(name) && !/\.(test|fixtures)\.tsx?$/.test(name);

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === __dirname ? [] : codeFiles(path);
    return isCode(entry.name) ? [path] : [];
  });
}

/** `file:line: what` for every forbidden form in `text`. */
function findings(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      FORBIDDEN.filter(([pattern]) => pattern.test(line)).map(
        ([, what]) => `${file}:${index + 1}: ${what}: ${line.trim()}`,
      ),
    );
}

describe('the page builds no source-site URL', () => {
  it('names no source-site host or page form and slices no URL in web/src', () => {
    const files = codeFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) =>
      findings(relative(SRC, path), readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('catches the forms the page used to write', () => {
    for (const line of [
      "const SITE = 'https://fancaps.net';",
      '  : `${SITE}/${SEGMENT[kind]}/episodeimages.php?${id}`;',
      '? `${SITE}/movies/MovieImages.php?movieid=${work.id}`',
      "const mark = showUrl.indexOf('?');",
      "const [, showId] = url.split('?');",
      'const showId = new URL(url).search.slice(1);',
    ]) {
      expect(findings('x.ts', line), line).not.toEqual([]);
    }
  });
});
