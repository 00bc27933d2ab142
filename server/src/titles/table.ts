import { ConfigError } from '../config';
import type { TitleEntry } from './entry';
import { loadTitleTable } from './load';
import { TitleIndex } from './title-index';

/**
 * The title table of this process. A `TITLES_FILE` is read and checked when the server starts (a
 * bad one stops it with one line); the shipped table is read at the first Chinese or Japanese
 * query, and the index (~27 MB, ~1 s to build) is built then, once.
 */
export class TitleTable {
  #entries: TitleEntry[] | null;
  #index: TitleIndex | null = null;

  constructor(private readonly file: string | null) {
    try {
      this.#entries = file ? loadTitleTable(file) : null;
    } catch (error) {
      // One line at start, as every bad setting is told (the loader's message names TITLES_FILE).
      throw new ConfigError([error instanceof Error ? error.message : String(error)]);
    }
  }

  index(): TitleIndex {
    this.#index ??= new TitleIndex(this.#entries ?? loadTitleTable());
    this.#entries = null;
    return this.#index;
  }
}
