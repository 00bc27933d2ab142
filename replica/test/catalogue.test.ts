import { describe, expect, it } from 'vitest';
import {
  KEY_IDS,
  episodeById,
  imageById,
  movieById,
  movies,
  movieSlug,
  searchCatalogue,
  showById,
  shows,
  showSlug,
} from '../src';

describe('slugs', () => {
  it('follow the show rules', () => {
    expect(showSlug("Banished From The Hero's Party, I Decided To Live")).toBe(
      'Banished_From_The_Hero_s_Party__I_Decided_To_Live',
    );
    expect(showSlug('Cardfight!! Vanguard: DivineZ')).toBe('Cardfight_Vanguard__DivineZ');
    expect(showSlug("Mr. Villain's Day Off")).toBe('Mr_Villain_s_Day_Off');
    expect(showSlug('WorldEnd: What do you do at the end of the world? Are you busy?')).toBe(
      'WorldEnd__What_do_you_do_at_the_end_of_the_world_Are_you_busy',
    );
  });

  it('follow the movie rules, keeping "&"', () => {
    expect(movieSlug('A Silent Voice: The Movie (2016)')).toBe('A_Silent_Voice_The_Movie_2016');
    expect(movieById(KEY_IDS.ampersandMovie)!.slug).toBe(
      'Miraculous_Ladybug_&_Cat_Noir_the_Movie_2023',
    );
  });
});

describe('catalogue', () => {
  it('has a long show with varied labels and ids that are not all show id + n', () => {
    const show = showById(KEY_IDS.longShow)!;
    expect(show.episodes.length).toBeGreaterThanOrEqual(25);
    const labels = show.episodes.map((e) => e.label);
    expect(labels).toEqual(expect.arrayContaining(['Episode 1 & 2', 'OVA 1', 'Special 1']));
    expect(show.episodes[0]!.id).toBe(show.id + 1);
    expect(show.episodes.some((e, i) => e.id !== show.id + 1 + i)).toBe(true);
  });

  it('has an 800+ image episode while most stay small', () => {
    expect(episodeById(KEY_IDS.bigEpisode)!.imageIds.length).toBeGreaterThanOrEqual(800);
    const sizes = shows.flatMap((s) => s.episodes.map((e) => e.imageIds.length));
    expect(sizes.filter((n) => n <= 120).length).toBeGreaterThan(sizes.length * 0.9);
  });

  it('has exactly one non-contiguous episode, interleaved with another upload', () => {
    const gappy = shows
      .flatMap((s) => s.episodes)
      .filter((e) => e.imageIds.some((id, i) => i > 0 && id !== e.imageIds[i - 1]! + 1));
    expect(gappy.map((e) => e.id)).toEqual([KEY_IDS.nonContiguousEpisode]);
    const episode = gappy[0]!;
    const first = episode.imageIds[0]!;
    const last = episode.imageIds.at(-1)!;
    const filled = Array.from({ length: last - first + 1 }, (_, i) => first + i);
    const intruders = filled.filter((id) => !episode.imageIds.includes(id));
    expect(intruders.length).toBeGreaterThan(0);
    expect(new Set(intruders.map((id) => imageById(id)!.episodeId))).toEqual(
      new Set([KEY_IDS.interleavedEpisode]),
    );
  });

  it('gives every image one owner and keeps kinds in their id ranges', () => {
    const all = [
      ...shows.flatMap((s) =>
        s.episodes.flatMap((e) => e.imageIds.map((id) => ({ id, kind: s.kind }))),
      ),
      ...movies.flatMap((m) => m.imageIds.map((id) => ({ id, kind: 'movie' as const }))),
    ];
    expect(new Set(all.map((i) => i.id)).size).toBe(all.length);
    const ranges = {
      anime: [7_000_000, 8_000_000],
      tv: [200_000, 1_000_000],
      movie: [4_000_000, 5_000_000],
    };
    for (const { id, kind } of all) {
      expect(id).toBeGreaterThanOrEqual(ranges[kind][0]!);
      expect(id).toBeLessThan(ranges[kind][1]!);
      expect(imageById(id)!.kind).toBe(kind);
    }
  });

  it('keeps show and episode ids in one sequence without collisions', () => {
    const ids = shows.flatMap((s) => [s.id, ...s.episodes.map((e) => e.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has two TV seasons and four movies with years', () => {
    expect([KEY_IDS.tvSeason1, KEY_IDS.tvSeason2].map((id) => showById(id)!.title)).toEqual([
      'Lighthouse Keepers Season 1',
      'Lighthouse Keepers Season 2',
    ]);
    expect(movies).toHaveLength(4);
    for (const m of movies) expect(m.title).toMatch(/ \(\d{4}\)$/);
  });

  it('maps images to their work and episode', () => {
    const episode = episodeById(KEY_IDS.bigEpisode)!;
    expect(imageById(episode.imageIds[100]!)).toEqual({
      kind: 'anime',
      workId: episode.showId,
      episodeId: episode.id,
    });
    const movie = movieById(KEY_IDS.multiPageMovie)!;
    expect(imageById(movie.imageIds[0]!)).toEqual({
      kind: 'movie',
      workId: movie.id,
      episodeId: null,
    });
    expect(imageById(1)).toBeUndefined();
  });

  it('searches titles case-insensitively within the checked kinds', () => {
    expect(searchCatalogue('LIGHTHOUSE', ['tv', 'anime']).tv.map((s) => s.id)).toEqual([
      KEY_IDS.tvSeason1,
      KEY_IDS.tvSeason2,
    ]);
    expect(searchCatalogue('lighthouse', ['anime']).tv).toEqual([]);
    const everything = searchCatalogue('', ['movie', 'tv', 'anime']);
    expect(everything.movie.length + everything.tv.length + everything.anime.length).toBe(
      movies.length + shows.length,
    );
  });
});
