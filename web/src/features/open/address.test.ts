import { describe, expect, it } from 'vitest';
import { findAddress, onSource, searchQueryOf, sharedWords } from './address';

const SHOW = 'https://fancaps.net/anime/showimages.php?10434-Non_Non_Biyori';
const found = (query: Record<string, string>) => findAddress(new URLSearchParams(query));

describe('the address /open was handed', () => {
  it('reads ours (url), else a share target’s text, else its title', () => {
    expect(found({ url: SHOW })).toBe(SHOW);
    expect(found({ title: 'Non Non Biyori', text: `看看这个 ${SHOW} 超好看` })).toBe(SHOW);
    expect(found({ title: `Non Non Biyori ${SHOW}` })).toBe(SHOW);
    expect(found({ url: 'not an address', text: SHOW })).toBe(SHOW);
  });

  it('takes the address out of the words and punctuation around it', () => {
    expect(found({ text: `Look: ${SHOW}.` })).toBe(SHOW);
    expect(found({ text: `(${SHOW})` })).toBe(SHOW);
    expect(found({ text: `看这个：${SHOW}，很好看。` })).toBe(SHOW);
    expect(found({ text: `「${SHOW}」` })).toBe(SHOW);
    expect(found({ text: `"${SHOW}"` })).toBe(SHOW);
    // A movie's name keeps its raw "&", as the site writes it.
    const movie =
      'https://fancaps.net/movies/MovieImages.php?name=Miraculous_Ladybug_&_Cat_Noir_the_Movie_2023&movieid=4228';
    expect(found({ text: `${movie} !` })).toBe(movie);
  });

  it('adds https to a host and path typed without a scheme', () => {
    expect(found({ url: 'www.fancaps.net/anime/showimages.php?10434' })).toBe(
      'https://www.fancaps.net/anime/showimages.php?10434',
    );
  });

  it('finds none in words alone, and keeps the words for a search', () => {
    const params = new URLSearchParams({ title: 'Non Non Biyori', text: 'season 2' });
    expect(findAddress(params)).toBeNull();
    expect(sharedWords(params)).toBe('Non Non Biyori season 2');
    expect(sharedWords(new URLSearchParams({ title: 'Hanabi', text: 'Hanabi' }))).toBe('Hanabi');
    expect(found({})).toBeNull();
  });
});

describe('whether an address is the source’s', () => {
  const source = 'https://fancaps.net';

  it('takes http and https, with or without www., onto the source’s origin', () => {
    for (const address of [
      SHOW,
      'http://fancaps.net/anime/showimages.php?10434-Non_Non_Biyori',
      'https://www.fancaps.net/anime/showimages.php?10434-Non_Non_Biyori',
      'http://WWW.FANCAPS.NET/anime/showimages.php?10434-Non_Non_Biyori#top',
    ])
      expect(onSource(address, source)?.href, address).toBe(SHOW);
  });

  it('takes the replica’s origin, port included, when the server names it', () => {
    const replica = 'https://127.0.0.1:8100';
    expect(onSource('http://127.0.0.1:8100/tv/episodeimages.php?22491', replica)?.href).toBe(
      'https://127.0.0.1:8100/tv/episodeimages.php?22491',
    );
    expect(onSource('https://127.0.0.1:8101/tv/episodeimages.php?22491', replica)).toBeNull();
    expect(onSource(SHOW, replica)).toBeNull();
  });

  it('refuses other sites, look-alikes, credentials and other schemes', () => {
    for (const address of [
      'https://example.com/anime/showimages.php?10434',
      'https://fancaps.net.example.com/anime/showimages.php?10434',
      'https://notfancaps.net/',
      'https://ant.fancaps.net/7123823.jpg',
      'https://fancaps.net@example.com/',
      'https://user:pw@fancaps.net/anime/showimages.php?10434',
      'ftp://fancaps.net/anime/showimages.php?10434',
      'javascript:alert(1)',
      'not a url',
    ])
      expect(onSource(address, source), address).toBeNull();
  });

  it('never lets a path turn into another host', () => {
    expect(onSource('https://fancaps.net//example.com/x', source)?.host).toBe('fancaps.net');
  });

  it('reads the query of a search address, and of nothing else', () => {
    const search = onSource(
      'https://fancaps.net/search.php?q=Non+Non&MoviesCB=Movies&TVCB=TV&animeCB=Anime&submit=Submit+Query',
      source,
    )!;
    expect(searchQueryOf(search)).toBe('Non Non');
    expect(searchQueryOf(new URL(SHOW))).toBeNull();
    expect(searchQueryOf(new URL('https://fancaps.net/search.php?q=+'))).toBeNull();
  });
});
