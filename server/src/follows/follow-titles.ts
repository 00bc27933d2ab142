import type { Logger } from '../logger';
import type { WorkTitles } from '../titles';
import { airingOf, nextBroadcast, type Airing } from './broadcast';
import type { WorkKey } from './store';

/** What follows ask of the title table: the works' Chinese names, and their entries' broadcasts. */
export type FollowTitles = Pick<WorkTitles, 'namesOf' | 'entryOf' | 'entriesOf'>;

/**
 * The broadcasts of a followed work, for its schedule. The work is matched by its title first
 * when no match is stored (as any listing of it would), then its entry is read. A failure of the
 * title table costs only the timing: it is logged and the work keeps the ordinary schedule.
 */
export async function airingOfWork(
  titles: FollowTitles,
  work: WorkKey,
  title: string,
  logger: Logger,
): Promise<Airing | null> {
  const ref = { kind: work.kind, id: work.work_id };
  try {
    await titles.namesOf([{ ...ref, title }]);
    return airingOf(await titles.entryOf(ref));
  } catch (error) {
    logger.warn({ err: error, work: `${work.kind}:${work.work_id}` }, 'no broadcast schedule read');
    return null;
  }
}

/** What the title table adds to a follow in its answer. */
export interface FollowTitle {
  chinese_name: string | null;
  /** ISO; null when the table has no schedule for the work or its broadcasts are over. */
  next_broadcast_at: string | null;
}

/**
 * The Chinese names of followed works and the next broadcast of those matched to an entry (one
 * lookup each for them all), by `kind:id`. When the title table fails, the follows are answered
 * without (logged): the names are a help beside the source's titles, never in their way.
 */
export async function titlesOfWorks(
  titles: FollowTitles,
  works: readonly { kind: WorkKey['kind']; work_id: number; title: string }[],
  now: number,
  logger: Logger,
): Promise<Map<string, FollowTitle>> {
  const byKey = new Map(works.map((w) => [`${w.kind}:${w.work_id}`, w]));
  const found = new Map<string, FollowTitle>();
  try {
    const refs = works.map((w) => ({ kind: w.kind, id: w.work_id, title: w.title }));
    const names = await titles.namesOf(refs);
    const entries = await titles.entriesOf(
      refs.filter((ref) => names.has(`${ref.kind}:${ref.id}`)),
    );
    for (const [key, name] of names) {
      if (!byKey.has(key)) continue;
      const airing = airingOf(entries.get(key) ?? null);
      const next = airing ? nextBroadcast(airing, now) : null;
      found.set(key, {
        chinese_name: name,
        next_broadcast_at: next === null ? null : new Date(next).toISOString(),
      });
    }
  } catch (error) {
    logger.warn({ err: error }, 'follows answered without their Chinese names');
    found.clear();
  }
  return found;
}
