import { removeAddedEpisodes } from '@capshelf/replica';
import { afterAll } from 'vitest';

// Several files add episodes to the in-process replica's shows (a new upload); under
// `--no-isolate` the next file in the same worker would see them. Each file starts from the
// catalogue as shipped.
afterAll(() => removeAddedEpisodes());
