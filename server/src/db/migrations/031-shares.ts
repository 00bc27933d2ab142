import type { Kysely } from 'kysely';
import { withId } from './helpers';

/**
 * Share links (issue 38), each its owner's (`user_id`, removed with the account). Only the link
 * token's SHA-256 is kept; `sign_key` signs the share's image addresses and visits' grants, and a
 * new one (a changed password) ends them all. `share_images` is what the share shows, fixed when it
 * was made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('shares'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('sign_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('max_views', 'integer')
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_download', 'integer', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shares_user').on('shares').column('user_id').execute();
  await db.schema
    .createTable('share_images')
    .addColumn('share_id', 'integer', (c) =>
      c.notNull().references('shares.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('image_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_images_pk', ['share_id', 'position'])
    .execute();
  await db.schema
    .createIndex('share_images_image')
    .on('share_images')
    .columns(['share_id', 'image_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_images').execute();
  await db.schema.dropTable('shares').execute();
}
