import type { Kysely } from 'kysely';

/**
 * A task's dataset options in one column, `downloads.dataset`: JSON in the contract's
 * `DatasetOptions` shape (`{}`: every option at its default). Each task's options are read from
 * where they were kept until now (`dataset_filter`, a selection's `archive`, and a whole-work
 * task's `request`, whose options move out), and the two columns emptied so are dropped (plain
 * text columns, which SQLite drops in place since 3.35). `request` keeps the work alone.
 */
export async function up(db: Kysely<Downloads>): Promise<void> {
  await db.schema
    .alterTable('downloads')
    .addColumn('dataset', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  const rows = await db
    .selectFrom('downloads')
    .select(['id', 'dataset_filter', 'archive', 'request'])
    .execute();
  for (const row of rows) {
    await db.updateTable('downloads').set(convertedRow(row)).where('id', '=', row.id).execute();
  }
  for (const name of ['dataset_filter', 'archive']) {
    await db.schema.alterTable('downloads').dropColumn(name).execute();
  }
}

/** The old columns again, empty: tasks keep the work in `request` and lose their other options. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['dataset_filter', 'archive']) {
    await db.schema.alterTable('downloads').addColumn(name, 'text').execute();
  }
  await db.schema.alterTable('downloads').dropColumn('dataset').execute();
}

/** The columns this migration reads and writes, as they stand before it. */
interface Downloads {
  downloads: {
    id: string;
    dataset_filter: string | null;
    archive: string | null;
    request: string | null;
    dataset: string;
  };
}

type OldRow = Omit<Downloads['downloads'], 'dataset'>;

interface OldLayout {
  export: string;
  repeats: number;
  name: string;
  trigger: string;
}

interface OldFilter {
  nearDuplicates: { scope: string; threshold: number } | null;
  quality: string[];
}

interface OldRequest {
  skipNearDuplicates?: boolean;
  threshold?: number;
  metadata?: boolean;
  layout?: OldLayout;
}

/** One task's `dataset`, and its `request` without the options now kept there. */
function convertedRow(row: OldRow): { dataset: string; request: string | null } {
  const request = row.request ? (JSON.parse(row.request) as OldRequest) : null;
  const archive = row.archive
    ? (JSON.parse(row.archive) as { layout: OldLayout; metadata: boolean })
    : null;
  const dataset = {
    ...filterOptions(
      row.dataset_filter ? (JSON.parse(row.dataset_filter) as OldFilter) : null,
      request,
    ),
    metadata: request?.metadata ?? archive?.metadata ?? false,
    ...layoutOptions(request?.layout ?? archive?.layout),
  };
  if (!request) return { dataset: JSON.stringify(dataset), request: null };
  const { layout: _layout, skipNearDuplicates: _skip, threshold: _threshold, ...rest } = request;
  const { metadata: _metadata, ...work } = rest;
  return { dataset: JSON.stringify(dataset), request: JSON.stringify(work) };
}

/**
 * What frames the task left out: its stored filter, or for a whole-work task from before 021
 * (no filter stored) near-duplicates within each episode, as it was asked.
 */
function filterOptions(filter: OldFilter | null, request: OldRequest | null) {
  const near = filter
    ? filter.nearDuplicates
    : request?.skipNearDuplicates
      ? { scope: 'episode', threshold: request.threshold ?? 6 }
      : null;
  return {
    skip_near_duplicates: near !== null,
    near_duplicate_threshold: near?.threshold ?? request?.threshold ?? 6,
    near_duplicate_scope: near?.scope ?? 'work',
    quality_filters: filter?.quality ?? [],
  };
}

/** The archive's layout; a task without one (before 024b) was plain. */
function layoutOptions(layout: OldLayout | undefined) {
  if (!layout) return { export: 'plain', kohya_repeats: 10, trigger_word: '' };
  return {
    export: layout.export,
    kohya_repeats: layout.repeats,
    // The name as the task resolved it (the given one, or the title), already made safe.
    ...(layout.export === 'kohya' ? { kohya_name: layout.name } : {}),
    trigger_word: layout.trigger,
  };
}
