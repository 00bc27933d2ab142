import type { FastifyInstance, FastifyReply } from 'fastify';
import { episodeById, imageById, movieById, showById } from '../catalogue';
import type { Site } from '../links';
import { renderEpisode } from '../render/episode';
import { renderNotFound } from '../render/errors';
import { renderMovie } from '../render/movie';
import { renderPicture } from '../render/picture';
import { renderSearch } from '../render/search';
import { renderShow } from '../render/show';
import type { Kind, ShowKind } from '../types';
import {
  imageIdParam,
  leadingId,
  movieIdParam,
  pageParam,
  pictureIdParam,
  rawQuery,
} from './query';

const SEARCH_BOXES: [string, string, Kind][] = [
  ['MoviesCB', 'Movies', 'movie'],
  ['TVCB', 'TV', 'tv'],
  ['animeCB', 'Anime', 'anime'],
];

/** The HTML pages of fancaps; `site` is read per request because ports are known only after listen. */
export function pageRoutes(app: FastifyInstance, site: Site): void {
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).type('text/html; charset=UTF-8').send(body);
  const notFound = (reply: FastifyReply) => html(reply, renderNotFound(site), 404);

  app.setNotFoundHandler((_request, reply) => notFound(reply));

  app.get('/search.php', (request, reply) => {
    const params = new URLSearchParams(rawQuery(request.url));
    const kinds = SEARCH_BOXES.filter(([name, value]) => params.get(name) === value).map(
      ([, , kind]) => kind,
    );
    return html(reply, renderSearch(site, { query: params.get('q'), kinds }));
  });

  const showKinds: ShowKind[] = ['anime', 'tv'];
  for (const kind of showKinds) {
    app.get(`/${kind}/showimages.php`, (request, reply) => {
      const query = rawQuery(request.url);
      const show = showById(leadingId(query) ?? 0);
      if (show?.kind !== kind) return notFound(reply);
      return html(reply, renderShow(site, show, pageParam(query)));
    });

    app.get(`/${kind}/episodeimages.php`, (request, reply) => {
      const query = rawQuery(request.url);
      const episode = episodeById(leadingId(query) ?? 0);
      if (!episode || showById(episode.showId)?.kind !== kind) return notFound(reply);
      return html(reply, renderEpisode(site, episode, pageParam(query)));
    });

    app.get(`/${kind}/picture.php`, (request, reply) => {
      const id = pictureIdParam(rawQuery(request.url)) ?? 0;
      const image = imageById(id);
      if (image?.kind !== kind) return notFound(reply);
      return html(reply, renderPicture(site, id, image));
    });
  }

  app.get('/movies/MovieImages.php', (request, reply) => {
    const query = rawQuery(request.url);
    const movie = movieById(movieIdParam(query) ?? 0);
    if (!movie) return notFound(reply);
    return html(reply, renderMovie(site, movie, pageParam(query)));
  });

  app.get('/movies/Image.php', (request, reply) => {
    const id = imageIdParam(rawQuery(request.url)) ?? 0;
    const image = imageById(id);
    if (image?.kind !== 'movie') return notFound(reply);
    return html(reply, renderPicture(site, id, image));
  });
}
