import { randomInt } from 'node:crypto';
import { sanitizeFilenamePrefix, type ExportLayout, type ZipContents } from '@capshelf/contract';

/**
 * Archive names that tell tasks apart: the title (the filename rule, 50 characters), what it
 * holds, how much, and a short tag, so two ZIPs of one episode never share a file name.
 */
export function selectionArchiveName(title: string, contents: ZipContents, count: number) {
  // Entries are `<title>_<id>.jpg`: the archive's name says their size.
  const entryPrefix = sanitizeFilenamePrefix(title);
  return { entryPrefix, stem: `${entryPrefix}_${contents}_${count}img` };
}

/** A whole work, one episode of it (by its label), or how many of its episodes. */
export function workArchiveStem(
  title: string,
  contents: ZipContents,
  episodes: { chosen: { title: string }[]; total: number },
): string {
  const { chosen, total } = episodes;
  const part =
    chosen.length === total
      ? ''
      : chosen.length === 1
        ? `_${sanitizeFilenamePrefix(chosen[0]!.title)}`
        : `_${chosen.length}of${total}ep`;
  return `${sanitizeFilenamePrefix(title)}${part}_${contents}`;
}

/** A dataset's layout at the end of its name (`…_kohya`), so exports of one work tell apart. */
export function withLayout(stem: string, layout: ExportLayout): string {
  return layout === 'plain' ? stem : `${stem}_${layout}`;
}

/** The stem a task's archive name was made from (its four-letter tag and `.zip` taken off). */
export function stemOf(fileName: string): string {
  return fileName.replace(/(_[a-z2-9]{4})?\.zip$/, '');
}

const TAG_LETTERS = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Four letters or digits (no look-alikes), tried again while `taken` says the name is in use. */
export async function uniqueArchiveName(
  stem: string,
  taken: (fileName: string) => Promise<boolean>,
): Promise<string> {
  for (;;) {
    const tag = Array.from({ length: 4 }, () => TAG_LETTERS[randomInt(TAG_LETTERS.length)]).join(
      '',
    );
    const name = `${stem}_${tag}.zip`;
    if (!(await taken(name))) return name;
  }
}
