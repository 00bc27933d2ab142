import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** A word of a title as the dictionary reads it: katakana, or the text itself when it has none. */
export interface ReadWord {
  readonly surface: string;
  readonly reading: string;
  /** A particle (の, は, と …): a word of its own in romaji, where nouns run together. */
  readonly particle: boolean;
}

const IDLE_MS = 60_000;
const CACHED_TITLES = 500;

const require = createRequire(import.meta.url);

// The worker is a script of its own (evaluated, so it runs the same under tsx, vitest and the
// bundle): it builds kuromoji's tokenizer from the dictionary the package ships, then reads titles.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const kuromoji = require(workerData.module);
kuromoji.builder({ dicPath: workerData.dictionary }).build((error, tokenizer) => {
  if (error) throw error;
  parentPort.on('message', ({ id, text }) => {
    const words = tokenizer.tokenize(text).map((token) => ({
      surface: token.surface_form,
      reading: token.reading && token.reading !== '*' ? token.reading : token.surface_form,
      particle: token.pos === '助詞',
    }));
    parentPort.postMessage({ id, words });
  });
});
`;

/**
 * Reads kanji titles with kuromoji (~355 MB more RSS while loaded, 2.3 s to the first reading:
 * see docs/api.md), in a worker thread started at the first title that needs it and ended after a
 * minute without one, so the server's own memory stays within the title index's budget. Readings
 * are kept for the last titles read.
 */
export class KanjiReader {
  #worker: Worker | null = null;
  #idle: NodeJS.Timeout | null = null;
  #next = 0;
  /** The readings asked of the running worker, by id. */
  readonly #waiting = new Map<
    number,
    { resolve: (words: ReadWord[]) => void; reject: (error: Error) => void }
  >();
  readonly #cache = new Map<string, Promise<ReadWord[]>>();

  constructor(private readonly idleMs = IDLE_MS) {}

  /** Whether the worker (and the dictionary in it) is alive. */
  get running(): boolean {
    return this.#worker !== null;
  }

  read(text: string): Promise<ReadWord[]> {
    const held = this.#cache.get(text);
    if (held) return held;
    const reading = this.#ask(text);
    if (this.#cache.size >= CACHED_TITLES) this.#cache.delete(this.#cache.keys().next().value!);
    this.#cache.set(text, reading);
    // A failed reading is not kept: the next ask starts a new worker.
    reading.catch(() => this.#cache.delete(text));
    return reading;
  }

  #ask(text: string): Promise<ReadWord[]> {
    const worker = this.#start();
    const id = this.#next++;
    return new Promise<ReadWord[]>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      worker.postMessage({ id, text });
    });
  }

  #start(): Worker {
    // Idle counts from the last answer: not while the dictionary is built or a title is read.
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = null;
    if (this.#worker) return this.#worker;
    const module = require.resolve('kuromoji');
    const dictionary = path.join(path.dirname(module), '..', 'dict');
    const worker = new Worker(WORKER, { eval: true, workerData: { module, dictionary } });
    worker.unref();
    worker.on('message', ({ id, words }: { id: number; words: ReadWord[] }) => {
      this.#waiting.get(id)?.resolve(words);
      this.#waiting.delete(id);
      if (this.#waiting.size === 0) {
        this.#idle = setTimeout(() => void this.close(), this.idleMs).unref();
      }
    });
    const stopped = (error: Error) => {
      if (this.#worker === worker) this.#stop(error);
    };
    worker.on('error', stopped);
    worker.on('exit', () => stopped(new Error('the kanji reader stopped')));
    this.#worker = worker;
    return worker;
  }

  /** Forgets the worker and fails what it was asked. */
  #stop(error: Error): Worker | null {
    const worker = this.#worker;
    this.#worker = null;
    for (const { reject } of this.#waiting.values()) reject(error);
    this.#waiting.clear();
    return worker;
  }

  /** Ends the worker (it starts again at the next reading). */
  async close(): Promise<void> {
    if (this.#idle) clearTimeout(this.#idle);
    await this.#stop(new Error('the kanji reader was closed'))?.terminate();
  }
}

/** One reader per process: the dictionary is loaded at most once. */
export const kanjiReader = new KanjiReader();
