import { ConfigError } from '../config';
import type { TitleEntry } from './entry';
import { loadTitleTable, loadTitleTableInSteps } from './load';
import { TitleIndex } from './title-index';

/** The shipped table never changes while a process runs: one index of it per process. */
let shippedIndex: TitleIndex | null = null;
let shippedLoading: Promise<TitleIndex> | null = null;

/**
 * The title table of this process. A `TITLES_FILE` is read and checked when the server starts (a
 * bad one stops it with one line); the shipped table is read at the first Chinese or Japanese
 * query (the user waits for it once, ~0.8 s) or in the background in steps when an English search
 * or an episode list wants Chinese names beside its titles (then no one waits), and the index
 * (~27 MB) is built then, once.
 */
export class TitleTable {
  #entries: TitleEntry[] | null;
  #index: TitleIndex | null = null;

  /** `TITLES_FILE`, or null for the table the package ships. */
  constructor(readonly file: string | null) {
    try {
      this.#entries = file ? loadTitleTable(file) : null;
    } catch (error) {
      // One line at start, as every bad setting is told (the loader's message names TITLES_FILE).
      throw new ConfigError([error instanceof Error ? error.message : String(error)]);
    }
  }

  index(): TitleIndex {
    if (this.#index) return this.#index;
    if (this.#entries) {
      this.#index = new TitleIndex(this.#entries);
      this.#entries = null;
    } else {
      shippedIndex ??= new TitleIndex(loadTitleTable());
      this.#index = shippedIndex;
    }
    return this.#index;
  }

  /**
   * The index only when something else built it (a Chinese query, the follows' broadcasts), else
   * null; nothing is loaded or built. For English queries: building the index (and its
   * written-together names) stalls the process for a moment, which must not fall between a page
   * request's booked slot and its sending (two processes then sent pages 4–93 ms apart).
   */
  builtIndex(): TitleIndex | null {
    if (this.#index) return this.#index;
    return this.#entries ? null : shippedIndex;
  }

  /** The index when it is built already, else null (and it is built in the background). */
  indexIfReady(): TitleIndex | null {
    if (this.#index) return this.#index;
    if (this.#entries || shippedIndex) return this.index();
    shippedLoading ??= loadTitleTableInSteps().then((entries) => {
      shippedIndex ??= new TitleIndex(entries);
      return shippedIndex;
    });
    // A failure leaves the next ask to load it again (the shipped file is the package's).
    shippedLoading.catch(() => (shippedLoading = null));
    return null;
  }
}
