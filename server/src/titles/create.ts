import type { ContentType } from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { AuditLog } from '../audit';
import type { CatalogService, NamedWork, TitleFinder, WorkNamer } from '../catalog';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { TitleSearch } from './search';
import type { TitleTable } from './table';
import { WorkTitleStore } from './work-title-store';
import { WorkTitles } from './work-titles';

/**
 * The titles capability: the local title table, searches by Chinese and Japanese names, and the
 * works' Chinese names. What the catalogue's routes ask of it (a search by a name it cannot read,
 * the names beside its titles) is one object.
 */
export class Titles implements TitleFinder, WorkNamer {
  readonly finder: TitleSearch;
  readonly works: WorkTitles;

  constructor(
    readonly table: TitleTable,
    deps: { db: Kysely<Database>; catalog: CatalogService; audit: AuditLog; logger: Logger },
  ) {
    this.finder = new TitleSearch({ table, catalog: deps.catalog });
    this.works = new WorkTitles({ ...deps, table, store: new WorkTitleStore(deps.db) });
  }

  search(query: string, contentType: ContentType, refresh: boolean) {
    return this.finder.search(query, contentType, refresh);
  }

  namesOf(works: readonly NamedWork[]) {
    return this.works.namesOf(works);
  }

  titleOf(work: NamedWork) {
    return this.works.titleOf(work);
  }
}
