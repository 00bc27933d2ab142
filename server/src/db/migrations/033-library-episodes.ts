import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Running totals of the image cache per episode (a movie: per movie), for each user's own library
 * (issue 40): a library is the episodes of the user's history, so its totals, works and episode
 * counts come from joining the user's history rows with these, a few hundred rows at most, instead
 * of probing the history for each of 100,000 cached images. `episode` is the key a history row
 * uses (the episode id; a movie's images: the movie id). The rows hold no user: they are the
 * shared cache's, and a library reaches them only through its owner's history rows.
 *
 * Triggers keep them in the same transaction as the `cached_images` and `image_index` rows they
 * count, whoever writes those rows. `images` counts images with at least one stored file, `bytes`
 * every file, `last_cached` the newest file; a row whose images are gone is removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('library_episodes')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('episode', 'bigint', (c) => c.notNull())
    .addColumn('work_id', 'bigint', (c) => c.notNull())
    .addColumn('images', 'bigint', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('last_cached', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('library_episodes_pk', ['kind', 'episode', 'work_id'])
    .execute();
  await db.schema
    .createIndex('library_episodes_work')
    .on('library_episodes')
    .columns(['kind', 'work_id'])
    .execute();
  // A small library's page reads its episodes' images by (kind, episode) and their ids alone.
  await db.schema
    .createIndex('image_index_episode_images')
    .on('image_index')
    .columns(['kind', 'episode_id', 'id'])
    .execute();
  await sql
    .raw(
      `insert into library_episodes (kind, episode, work_id, images, bytes, last_cached)
       select ii.kind, ${key('ii')}, ii.work_id, count(distinct ii.id), sum(c.bytes),
         max(c.cached_at)
       from image_index ii join cached_images c on c.kind = ii.kind and c.id = ii.id
       where ${key('ii')} is not null
       group by ii.kind, ${key('ii')}, ii.work_id`,
    )
    .execute(db);
  const postgres = isPostgres(db);
  for (const [name, event, body] of triggers(postgres)) {
    await createTrigger(db, postgres, name, event, body);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const [name, event] of triggers(postgres)) {
    const table = event.split(' on ')[1]!;
    await sql.raw(`drop trigger ${name}${postgres ? ` on ${table}` : ''}`).execute(db);
    if (postgres) await sql.raw(`drop function ${name}()`).execute(db);
  }
  await db.schema.dropIndex('image_index_episode_images').execute();
  await db.schema.dropTable('library_episodes').execute();
}

/** The history key of an image_index row's episode: the episode, a movie's images the movie. */
const key = (row: string) =>
  `case when ${row}.kind = 'movie' then ${row}.work_id else ${row}.episode_id end`;

type Episode = { kind: string; episode: string; work: string };
const ofIndexRow = (row: 'NEW' | 'OLD'): Episode => ({
  kind: `${row}.kind`,
  episode: key(row),
  work: `${row}.work_id`,
});

/** Adds images, bytes and a newest time to an episode's row (made when missing). */
function add(postgres: boolean, e: Episode, from: string, values: string[]): string {
  const newest = postgres ? 'greatest' : 'max';
  return `insert into library_episodes (kind, episode, work_id, images, bytes, last_cached)
    select ${e.kind}, ${e.episode}, ${e.work}, ${values.join(', ')} ${from}
    on conflict (kind, episode, work_id) do update set
      images = library_episodes.images + excluded.images,
      bytes = library_episodes.bytes + excluded.bytes,
      last_cached = ${newest}(library_episodes.last_cached, excluded.last_cached)`;
}

const where = (e: Episode) => `kind = ${e.kind} and episode = ${e.episode} and work_id = ${e.work}`;

/**
 * Takes images and bytes from an episode's row; when the newest file may have gone, reads the
 * newest again from the episode's files (one index walk of the episode); drops an emptied row.
 */
function subtract(e: Episode, images: string, bytes: string, gone: string): string[] {
  const files = `from image_index ii join cached_images c on c.kind = ii.kind and c.id = ii.id
    where ii.kind = library_episodes.kind and ii.work_id = library_episodes.work_id`;
  return [
    `update library_episodes set images = images - (${images}), bytes = bytes - (${bytes})
      where ${where(e)}`,
    `delete from library_episodes where ${where(e)} and images <= 0`,
    // Two statements so that each walks its own index: a movie's images by work, an episode's by episode.
    `update library_episodes set last_cached = coalesce((select max(c.cached_at) ${files}
        and ii.episode_id = library_episodes.episode), last_cached)
      where ${where(e)} and kind <> 'movie' and last_cached <= (${gone})`,
    `update library_episodes set last_cached = coalesce((select max(c.cached_at) ${files}
        and ii.work_id = library_episodes.episode), last_cached)
      where ${where(e)} and kind = 'movie' and last_cached <= (${gone})`,
  ];
}

/** The episode of the image a cached_images row is a file of, as scalar reads of image_index. */
function ofFile(row: 'NEW' | 'OLD'): Episode {
  const read = (column: string) =>
    `(select ${column} from image_index ii where ii.kind = ${row}.kind and ii.id = ${row}.id)`;
  return { kind: `${row}.kind`, episode: read(key('ii')), work: read('ii.work_id') };
}

const otherFiles = (row: 'NEW' | 'OLD') =>
  `exists (select 1 from cached_images o where o.kind = ${row}.kind and o.id = ${row}.id
    and o.size <> ${row}.size)`;
const anyFile = (row: 'NEW' | 'OLD') =>
  `exists (select 1 from cached_images o where o.kind = ${row}.kind and o.id = ${row}.id)`;

/** An index row's files: what its image adds to (or takes from) its episode. */
const filesOf = (row: 'NEW' | 'OLD', aggregate: string) =>
  `(select ${aggregate} from cached_images c where c.kind = ${row}.kind and c.id = ${row}.id)`;

function indexRowAdd(postgres: boolean, row: 'NEW' | 'OLD'): string {
  return add(
    postgres,
    ofIndexRow(row),
    `from cached_images c where c.kind = ${row}.kind and c.id = ${row}.id
      and ${key(row)} is not null group by c.kind, c.id`,
    ['1', 'sum(c.bytes)', 'max(c.cached_at)'],
  );
}

const indexRowSubtract = (row: 'NEW' | 'OLD') =>
  subtract(
    ofIndexRow(row),
    `case when ${anyFile(row)} then 1 else 0 end`,
    `coalesce(${filesOf(row, 'sum(c.bytes)')}, 0)`,
    `coalesce(${filesOf(row, 'max(c.cached_at)')}, '')`,
  );

/** [name, event, statements]. */
function triggers(postgres: boolean): [string, string, string[]][] {
  const fileAdded = ofFile('NEW');
  return [
    [
      'library_episodes_file_added',
      'after insert on cached_images',
      [
        add(postgres, fileAdded, `where ${fileAdded.episode} is not null`, [
          `case when ${otherFiles('NEW')} then 0 else 1 end`,
          'NEW.bytes',
          'NEW.cached_at',
        ]),
      ],
    ],
    [
      'library_episodes_file_written',
      'after update of bytes, cached_at on cached_images',
      [
        add(postgres, fileAdded, `where ${fileAdded.episode} is not null`, [
          '0',
          'NEW.bytes - OLD.bytes',
          'NEW.cached_at',
        ]),
        ...subtract(
          fileAdded,
          '0',
          '0',
          `case when NEW.cached_at < OLD.cached_at then OLD.cached_at else '' end`,
        ),
      ],
    ],
    [
      'library_episodes_file_removed',
      'after delete on cached_images',
      subtract(
        ofFile('OLD'),
        `case when ${anyFile('OLD')} then 0 else 1 end`,
        'OLD.bytes',
        'OLD.cached_at',
      ),
    ],
    [
      'library_episodes_image_listed',
      'after insert on image_index',
      [indexRowAdd(postgres, 'NEW')],
    ],
    ['library_episodes_image_unlisted', 'after delete on image_index', indexRowSubtract('OLD')],
    [
      'library_episodes_image_moved',
      'after update of kind, id, work_id, episode_id on image_index',
      [...indexRowSubtract('OLD'), indexRowAdd(postgres, 'NEW')],
    ],
  ];
}

/**
 * One row trigger in either dialect. On Postgres an image_index change first takes the
 * cache_totals row lock every cached_images writer takes first (`CacheTotalsRow.lock`), so a file
 * and its image's listing written at once in two transactions cannot each miss the other.
 */
async function createTrigger(
  db: Kysely<unknown>,
  postgres: boolean,
  name: string,
  event: string,
  statements: string[],
): Promise<void> {
  const moved = event.includes('update of kind')
    ? postgres
      ? 'when ((OLD.kind, OLD.id, OLD.work_id, OLD.episode_id) is distinct from (NEW.kind, NEW.id, NEW.work_id, NEW.episode_id))'
      : 'when OLD.kind is not NEW.kind or OLD.id is not NEW.id or OLD.work_id is not NEW.work_id or OLD.episode_id is not NEW.episode_id'
    : '';
  if (!postgres) {
    await sql
      .raw(
        `create trigger ${name} ${event} for each row ${moved} begin ${statements.join(';\n')}; end`,
      )
      .execute(db);
    return;
  }
  const lock = event.endsWith('image_index')
    ? 'perform 1 from cache_totals where id = 1 for update;'
    : '';
  await sql
    .raw(
      `create function ${name}() returns trigger language plpgsql as $$
       begin ${lock} ${statements.join(';\n')}; return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(`create trigger ${name} ${event} for each row ${moved} execute function ${name}()`)
    .execute(db);
}
