import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { compactTitle, foldTitle, hasCjk } from '../titles';

/** `%`, `_` and the escape itself taken literally in a LIKE pattern (ESCAPE '\'). */
const literal = (text: string) => text.replace(/[\\%_]/gu, (c) => `\\${c}`);

/**
 * The works a library filter names, as (kind, id) rows: the source's title contains the text (any
 * case), or the work's Chinese name does, traditional or simplified, spaces and punctuation aside
 * (`work_titles.names_key`, folded alike).
 */
export function worksNamed(db: Kysely<Database>, text: string) {
  const anyCase = `%${literal(text.toLowerCase())}%`;
  const bySource = db
    .selectFrom('works')
    .select(['works.kind', 'works.id'])
    .where(sql<boolean>`lower(works.title) like ${anyCase} escape '\\'`);
  if (!hasCjk(text)) return bySource;
  const folded = `%${literal(compactTitle(foldTitle(text)))}%`;
  return bySource.union(
    db
      .selectFrom('work_titles')
      .select(['work_titles.kind', 'work_titles.work_id as id'])
      .where(sql<boolean>`work_titles.names_key like ${folded} escape '\\'`),
  );
}
