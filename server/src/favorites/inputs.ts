import {
  favoriteContentType,
  type FavoritesImportData,
  type FavoriteStatusQuery,
} from '@capshelf/contract';
import type { z } from 'zod';
import type { Directory } from '../catalog';
import type { Kind } from '../config';
import { badRequest } from '../errors';
import type { EpisodeRef, MovieRef, UrlModel, WorkRef } from '../upstream';
import type { FavoriteRepository, NewEpisode, NewImage, NewWork } from './repository';

/** The add requests, as import items (which may also carry the exported identity and time). */
export type WorkInput = FavoritesImportData['works'][number];
export type EpisodeInput = FavoritesImportData['episodes'][number];
export type ImageInput = FavoritesImportData['images'][number];
export type StatusQuery = z.output<typeof FavoriteStatusQuery>;

/** Reads this server's and the source site's image URLs as (kind, id); anything else is refused. */
export interface ImageUrlParser {
  parse(urls: string[]): Promise<{ items: { kind: Kind; id: number }[]; refused: string[] }>;
}

export interface PreviewRef {
  kind: Kind;
  id: number;
}

/** Lookup keys of a work: its upstream identity, or its lowercased title. */
export type WorkLookup = { identity: string } | { titleKey: string };

const DIGITS = /^[1-9]\d{0,11}$/;
const titleKey = (title: string) => title.toLowerCase();
const workIdentity = (ref: { kind: Kind; id: number } | null, title: string) =>
  ref ? `${ref.kind}:${ref.id}` : `title:${titleKey(title)}`;
const seriesHint = (kind: Kind): 'anime' | 'tv' => (kind === 'tv' ? 'tv' : 'anime');

/**
 * Turns untrusted favourite requests into rows of ids and kinds. Every URL goes through the URL
 * model (or the image URL parser), so no stored value is a URL. `at` prefixes field names in
 * errors (`works.3.`) when the item comes from an import file.
 */
export class FavoriteInputs {
  constructor(
    private readonly deps: {
      urls: UrlModel;
      imageUrls: ImageUrlParser;
      directory: Directory;
      repository: FavoriteRepository;
    },
  ) {}

  work(userId: number, input: WorkInput, createdAt: string, at = ''): NewWork {
    const contentType = input.content_type ?? favoriteContentType(input);
    // An exported item names its identity; a null kind there means "known by title".
    const ref =
      input.kind === undefined
        ? this.workRef(input.original_url, contentType, `${at}original_url`)
        : input.kind && input.work_id
          ? { kind: input.kind, id: input.work_id }
          : null;
    return {
      user_id: userId,
      identity: workIdentity(ref, input.title),
      kind: ref?.kind ?? null,
      work_id: ref?.id ?? null,
      title: input.title,
      title_key: titleKey(input.title),
      work_type: input.work_type,
      content_type: contentType,
      created_at: createdAt,
    };
  }

  async episode(
    userId: number,
    input: EpisodeInput,
    createdAt: string,
    at = '',
  ): Promise<NewEpisode> {
    const ref = this.episodeRef(input.episode_url, `${at}episode_url`);
    const hint = seriesHint(ref.kind);
    const workId =
      this.upstreamId(input.work_id, 'work', hint, `${at}work_id`) ??
      (ref.type === 'movie'
        ? ref.id
        : await this.deps.repository.knownWorkOfEpisode(ref.kind, ref.id));
    const workTitle =
      input.work_title ||
      (workId === null ? null : await this.deps.directory.workTitle(ref.kind, workId)) ||
      '';
    return {
      user_id: userId,
      kind: ref.kind,
      episode_id: ref.id,
      work_id: workId,
      title: input.title,
      work_title: workTitle,
      preview_images: JSON.stringify(
        await this.previews(input.preview_images, `${at}preview_images`),
      ),
      created_at: createdAt,
    };
  }

  async image(userId: number, input: ImageInput, createdAt: string, at = ''): Promise<NewImage> {
    const id = input.image_id;
    let urlKind: Kind | undefined;
    for (const field of ['small_url', 'large_url'] as const) {
      const text = input[field];
      if (!text) continue;
      const [item] = (await this.deps.imageUrls.parse([text])).items;
      if (!item) throw badRequest(`${at}${field}: 只接受本站或源站的图片地址`);
      if (item.id !== id) throw badRequest(`${at}${field}: 图片地址与 image_id 不一致`);
      urlKind ??= item.kind;
    }
    const kind = input.kind ?? urlKind ?? (await this.deps.directory.kindOfImage(id)) ?? 'anime';
    const hint = seriesHint(kind);
    return {
      user_id: userId,
      kind,
      image_id: id,
      work_id: this.upstreamId(input.work_id, 'work', hint, `${at}work_id`),
      episode_id: this.upstreamId(input.episode_id, 'episode', hint, `${at}episode_id`),
      work_title: input.work_title,
      episode_title: input.episode_title,
      created_at: createdAt,
    };
  }

  /** `item_id` of a status query: a work URL or title. */
  workLookup(itemId: string): WorkLookup {
    const ref = this.deps.urls.toRef(itemId);
    return ref?.type === 'work' || ref?.type === 'movie'
      ? { identity: workIdentity(ref, itemId) }
      : { titleKey: titleKey(itemId) };
  }

  /** An episode page, or a movie page (a movie is its own single episode). */
  episodeRef(text: string, field: string): EpisodeRef | MovieRef {
    const ref = this.deps.urls.toRef(text, { kind: 'anime' });
    if (ref?.type === 'episode' || ref?.type === 'movie') return ref;
    throw badRequest(`${field}: 不是有效的源站剧集或电影地址`);
  }

  /** An image id, or one of its URLs; the kind is null when only an id was given. */
  async imageLookup(query: StatusQuery): Promise<{ kind: Kind | null; id: number }> {
    if (DIGITS.test(query.item_id)) {
      return { kind: query.kind ?? null, id: Number(query.item_id) };
    }
    const [item] = (await this.deps.imageUrls.parse([query.item_id])).items;
    if (!item) throw badRequest('item_id: 不是有效的图片 ID');
    return { kind: query.kind ?? item.kind, id: item.id };
  }

  /** A work URL names a work; a site URL that names none (or none given) leaves the title as key. */
  private workRef(text: string, contentType: Kind, field: string): WorkRef | MovieRef | null {
    if (text === '') return null;
    const result = this.deps.urls.parse(text, { kind: contentType });
    if (result.ok) {
      return result.ref.type === 'work' || result.ref.type === 'movie' ? result.ref : null;
    }
    if (result.reason === 'unrecognised' || result.reason === 'no-kind') return null;
    throw badRequest(`${field}: 只接受源站的作品地址`);
  }

  /** A work or episode id as the page holds it: the number, its digits, or a site URL naming it. */
  private upstreamId(
    value: number | string | null | undefined,
    type: 'work' | 'episode',
    kind: 'anime' | 'tv',
    field: string,
  ): number | null {
    if (value === null || value === undefined || value === '') return null;
    if (typeof value === 'number') return value;
    if (DIGITS.test(value)) return Number(value);
    const ref = this.deps.urls.toRef(value, { kind });
    // A movie is both its own work and its own episode.
    if (ref?.type === type || ref?.type === 'movie') return ref.id;
    throw badRequest(`${field}: 不是有效的${type === 'work' ? '作品' : '剧集'} ID`);
  }

  private async previews(urls: string[], field: string): Promise<PreviewRef[]> {
    const { items, refused } = await this.deps.imageUrls.parse(urls);
    if (refused.length > 0) throw badRequest(`${field}: 只接受本站或源站的图片地址`);
    const seen = new Set<string>();
    return items.flatMap(({ kind, id }) => {
      const key = `${kind}:${id}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ kind, id }];
    });
  }
}
