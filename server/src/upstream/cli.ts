/**
 * Looks things up on the upstream site and prints the parsed records as JSON:
 *   search <query> [--type anime|tv|movies] · show <url> · episode <url> [--fast] · movie <url>
 */
import { parseArgs } from 'node:util';
import type { Kind } from '../config';
import { loadConfig, loadDotEnv } from '../config';
import { ALL_KINDS, createUrlBuilders } from './builders';
import { createUpstreamClient } from './client';
import type { CrawlContext } from './crawl';
import { crawlEpisode, crawlMovie, crawlShow } from './crawl';
import { crawlEpisodeFast } from './crawl-fast';
import { parseSearchPage } from './parse/search';
import type { UpstreamRef } from './refs';
import { createUrlModel } from './urls';

const USAGE =
  'usage: cli.ts search <query> [--type anime|tv|movies] | show <url> | episode <url> [--fast] | movie <url>';

const TYPE_KINDS: Record<string, Kind> = {
  anime: 'anime',
  tv: 'tv',
  movie: 'movie',
  movies: 'movie',
};

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { type: { type: 'string' }, fast: { type: 'boolean', default: false } },
  });
  const [command, ...rest] = positionals;
  const argument = rest.join(' ');
  if (!command || !argument) fail(USAGE);

  loadDotEnv();
  const config = loadConfig().upstream;
  const client = createUpstreamClient(config);
  const urls = createUrlBuilders(config);
  const model = createUrlModel(config);
  const context: CrawlContext = { source: client, urls };

  const refOf = <T extends UpstreamRef['type']>(type: T) => {
    const parsed = model.parse(argument);
    if (!parsed.ok) fail(`not a fancaps URL (${parsed.reason}): ${argument}`);
    if (parsed.ref.type !== type) fail(`expected a ${type} URL, got a ${parsed.ref.type} URL`);
    return parsed.ref as Extract<UpstreamRef, { type: T }>;
  };

  try {
    let output: unknown;
    switch (command) {
      case 'search': {
        const kind = values.type === undefined ? undefined : TYPE_KINDS[values.type];
        if (values.type !== undefined && !kind) fail(USAGE);
        const html = await client.fetchPage(urls.searchUrl(argument, kind ? [kind] : ALL_KINDS));
        output = parseSearchPage(html, urls.workUrl);
        break;
      }
      case 'show':
        output = await crawlShow(context, refOf('work'));
        break;
      case 'episode':
        output = await (values.fast ? crawlEpisodeFast : crawlEpisode)(context, refOf('episode'));
        break;
      case 'movie':
        output = await crawlMovie(context, refOf('movie'));
        break;
      default:
        fail(USAGE);
    }
    console.log(JSON.stringify(output, null, 2));
    console.error(`requests sent: ${client.health().requestsSent}`);
  } catch (error) {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
    process.exitCode = 1;
  } finally {
    await client.close();
  }
}

await main();
