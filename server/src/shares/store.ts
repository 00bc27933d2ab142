import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Kind } from '../config';
import type { Database } from '../db';
import type { SharesTable } from '../db/schema';

export type ShareRow = Selectable<SharesTable>;
export type ShareWithOwner = ShareRow & {
  owner_name: string;
  owner_disabled: number;
  image_count: number;
};

/** Rows per multi-row insert: well under SQLite's and Postgres' bound-parameter limits. */
const CHUNK = 200;

/** The shares and share_images tables (migration 031); every owner's call names the owner. */
export class ShareStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The share and what it shows, in one transaction. */
  async create(
    share: Insertable<SharesTable>,
    images: readonly { kind: Kind; id: number }[],
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('shares')
        .values(share)
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let at = 0; at < images.length; at += CHUNK) {
        await trx
          .insertInto('share_images')
          .values(
            images.slice(at, at + CHUNK).map((image, i) => ({
              share_id: id,
              position: at + i,
              kind: image.kind,
              image_id: image.id,
            })),
          )
          .execute();
      }
      return id;
    });
  }

  private withOwner() {
    return this.db
      .selectFrom('shares as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .selectAll('s')
      .select((eb) => [
        eb.fn.coalesce('u.display_name', 'u.username').as('owner_name'),
        'u.disabled as owner_disabled',
        eb
          .selectFrom('share_images as si')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('si.share_id', '=', 's.id')
          .as('image_count'),
      ]);
  }

  /** The shares of one owner, or everyone's (null), newest first. */
  async list(ownerId: number | null): Promise<ShareWithOwner[]> {
    const rows = await this.withOwner()
      .$if(ownerId !== null, (q) => q.where('s.user_id', '=', ownerId!))
      .orderBy('s.id', 'desc')
      .execute();
    return rows.map(normalise);
  }

  async byId(id: number): Promise<ShareWithOwner | null> {
    const row = await this.withOwner().where('s.id', '=', id).executeTakeFirst();
    return row ? normalise(row) : null;
  }

  async byTokenHash(tokenHash: string): Promise<ShareWithOwner | null> {
    const row = await this.withOwner().where('s.token_hash', '=', tokenHash).executeTakeFirst();
    return row ? normalise(row) : null;
  }

  async change(id: number, values: Partial<Pick<ShareRow, ChangeableColumn>>): Promise<void> {
    await this.db.updateTable('shares').set(values).where('id', '=', id).execute();
  }

  /**
   * Counts a visit when the share has views left; answers whether it had. One statement, so two
   * visitors at once cannot both take the last view.
   */
  async countView(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('shares')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('max_views', 'is', null), eb('views', '<', eb.ref('max_views'))]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async images(shareId: number): Promise<{ kind: Kind; id: number }[]> {
    const rows = await this.db
      .selectFrom('share_images')
      .select(['kind', 'image_id'])
      .where('share_id', '=', shareId)
      .orderBy('position')
      .execute();
    return rows.map((r) => ({ kind: r.kind, id: Number(r.image_id) }));
  }

  /** The kind of an image the share shows, or null when it shows no such image. */
  async imageKind(shareId: number, imageId: number): Promise<Kind | null> {
    const row = await this.db
      .selectFrom('share_images')
      .select('kind')
      .where('share_id', '=', shareId)
      .where('image_id', '=', imageId)
      .executeTakeFirst();
    return row?.kind ?? null;
  }
}

type ChangeableColumn =
  'expires_at' | 'password_hash' | 'allow_download' | 'sign_key' | 'revoked_at';

function normalise<T extends { image_count: unknown; owner_name: unknown }>(row: T) {
  return { ...row, image_count: Number(row.image_count), owner_name: String(row.owner_name) };
}
