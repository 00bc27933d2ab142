import type { Kysely } from 'kysely';

/**
 * Chinese names of the source's works (issue 37): which entry of the title table a work is, the
 * server's and shared by all users. `matched_by`: 'search' (a user opened it from a Chinese
 * query), 'title' (its title and year named one entry without doubt), 'admin' (corrected), or
 * 'removed' (an admin took the match away; nothing matches the work again by itself).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('work_titles')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('work_id', 'bigint', (c) => c.notNull())
    .addColumn('entry_key', 'text')
    .addColumn('chinese_name', 'text')
    .addColumn('original_title', 'text')
    .addColumn('year', 'integer')
    // The entry's Chinese and original names folded (simplified, no spaces or punctuation), what
    // the libraries' filters compare with.
    .addColumn('names_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('matched_by', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_titles_pk', ['kind', 'work_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('work_titles').execute();
}
