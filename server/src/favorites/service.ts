import {
  FAVORITES_EXPORT_VERSION,
  type FavoriteItemType,
  type FavoriteLists,
  type FavoritesExport,
  type FavoritesImportData,
  type FavoriteStatusResponse,
  type FavoriteTypeCounts,
} from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { Directory, WorkNamer } from '../catalog';
import type { Kind } from '../config';
import type { Database } from '../db';
import { notFound } from '../errors';
import type { CdnPreferences } from '../images';
import type { UrlBuilders, UrlModel } from '../upstream';
import { episodeAnswer, imageAnswer, workAnswer } from './answers';
import {
  FavoriteInputs,
  type EpisodeInput,
  type ImageInput,
  type ImageUrlParser,
  type StatusQuery,
  type WorkInput,
} from './inputs';
import { FavoriteRepository } from './repository';

const now = () => new Date().toISOString();
const NOT_FOUND_DETAIL = '收藏记录不存在';

/** Each user's favourite works, episodes and images: add once, list, remove, export and import. */
export class FavoritesService {
  private readonly repository: FavoriteRepository;
  private readonly inputs: FavoriteInputs;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      urls: UrlModel;
      builders: UrlBuilders;
      directory: Directory;
      cdn: CdnPreferences;
      imageUrls: ImageUrlParser;
      /** The works' Chinese names (`titles/`). */
      names: Pick<WorkNamer, 'namesOf'>;
    },
  ) {
    this.repository = new FavoriteRepository(deps.db);
    this.inputs = new FavoriteInputs({ ...deps, repository: this.repository });
  }

  async list(userId: number): Promise<FavoriteLists> {
    const rows = await this.repository.list(userId);
    const compressed = await this.deps.cdn.usesSmallCdn(userId);
    const works = [
      ...rows.works.map((r) => ({ kind: r.kind, id: r.work_id })),
      ...rows.episodes.map((r) => ({
        kind: r.kind,
        id: r.kind === 'movie' ? r.episode_id : r.work_id,
      })),
      ...rows.images.map((r) => ({ kind: r.kind, id: r.work_id })),
    ].filter((w): w is { kind: Kind; id: number } => w.kind !== null && w.id !== null);
    const names = await this.deps.names.namesOf(works);
    return {
      works: rows.works.map((r) => workAnswer(this.deps.builders, r, names)),
      episodes: rows.episodes.map((r) => episodeAnswer(this.deps.builders, r, names)),
      images: rows.images.map((r) => imageAnswer(r, compressed, names)),
    };
  }

  /** `created` is false when the user already had the item: its existing record is returned. */
  async addWork(userId: number, input: WorkInput) {
    const { row, created } = await this.repository.addWork(this.inputs.work(userId, input, now()));
    return { created, item: workAnswer(this.deps.builders, row) };
  }

  async addEpisode(userId: number, input: EpisodeInput) {
    const { row, created } = await this.repository.addEpisode(
      await this.inputs.episode(userId, input, now()),
    );
    return { created, item: episodeAnswer(this.deps.builders, row) };
  }

  async addImage(userId: number, input: ImageInput) {
    const { row, created } = await this.repository.addImage(
      await this.inputs.image(userId, input, now()),
    );
    const compressed = await this.deps.cdn.usesSmallCdn(userId);
    return { created, item: imageAnswer(row, compressed) };
  }

  /** Another user's favourite is as unknown as a missing one. */
  async remove(userId: number, type: FavoriteItemType, id: number): Promise<void> {
    if (!(await this.repository.remove(userId, type, id))) throw notFound(NOT_FOUND_DETAIL);
  }

  async removeMany(
    userId: number,
    ids: { work_ids: number[]; episode_ids: number[]; image_ids: number[] },
  ): Promise<FavoriteTypeCounts> {
    return this.repository.removeMany(userId, {
      work: ids.work_ids,
      episode: ids.episode_ids,
      image: ids.image_ids,
    });
  }

  async status(userId: number, query: StatusQuery): Promise<FavoriteStatusResponse> {
    const row = await this.findForStatus(userId, query);
    return { is_favorited: row !== undefined, favorite_id: row?.id ?? null };
  }

  async stats(userId: number) {
    const counts = await this.repository.counts(userId);
    return {
      total_items: counts.works + counts.episodes + counts.images,
      total_works: counts.works,
      total_episodes: counts.episodes,
      total_images: counts.images,
    };
  }

  async export(userId: number): Promise<FavoritesExport> {
    return { version: FAVORITES_EXPORT_VERSION, exported_at: now(), ...(await this.list(userId)) };
  }

  /**
   * Merges an export into the caller's favourites: every item is validated before anything is
   * written, then all are inserted in one transaction; items the caller already has are skipped.
   */
  async import(userId: number, data: FavoritesImportData) {
    const createdAt = (item: { created_at?: string | undefined }) =>
      item.created_at ? new Date(item.created_at).toISOString() : now();
    const works = data.works.map((item, i) =>
      this.inputs.work(userId, item, createdAt(item), `works.${i}.`),
    );
    const episodes = [];
    for (const [i, item] of data.episodes.entries()) {
      episodes.push(await this.inputs.episode(userId, item, createdAt(item), `episodes.${i}.`));
    }
    const images = [];
    for (const [i, item] of data.images.entries()) {
      images.push(await this.inputs.image(userId, item, createdAt(item), `images.${i}.`));
    }
    const imported = await this.repository.addMany({ works, episodes, images });
    return {
      imported,
      skipped: {
        works: works.length - imported.works,
        episodes: episodes.length - imported.episodes,
        images: images.length - imported.images,
      },
    };
  }

  private async findForStatus(userId: number, query: StatusQuery) {
    switch (query.item_type) {
      case 'work': {
        const lookup = this.inputs.workLookup(query.item_id);
        return 'identity' in lookup
          ? this.repository.findWork(userId, lookup.identity)
          : this.repository.findWorkByTitle(userId, lookup.titleKey);
      }
      case 'episode': {
        const ref = this.inputs.episodeRef(query.item_id, 'item_id');
        return this.repository.findEpisode(userId, ref.kind, ref.id);
      }
      case 'image': {
        const { kind, id } = await this.inputs.imageLookup(query);
        return this.repository.findImage(userId, kind, id);
      }
    }
  }
}
