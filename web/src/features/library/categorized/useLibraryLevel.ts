import { useNavigate, useSearchParams } from 'react-router';
import { pageParam } from '../pageParam';

/**
 * Where the categorized library stands, kept in the URL (`?category=&episode=&page=`) so back,
 * forward and reload land on the same level. `page` belongs to the level shown: it starts at 1
 * whenever the level changes. An admin's `scope` (全部用户) stays across levels.
 */
export function useLibraryLevel() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const category = params.get('category') || null;
  const episode = (category && params.get('episode')) || null;
  const page = pageParam(params.get('page'));

  /** The level's address (a card's href): only the search part, on this same page. */
  const hrefOf = (next: { category?: string; episode?: string; page?: number }) => {
    const search = new URLSearchParams();
    const scope = params.get('scope');
    if (scope) search.set('scope', scope);
    if (next.category) search.set('category', next.category);
    if (next.episode) search.set('episode', next.episode);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    return search.size > 0 ? `?${search}` : '?';
  };
  const go = (next: Parameters<typeof hrefOf>[0]) => navigate(hrefOf(next));

  return {
    category,
    episode,
    page,
    categoryHref: (key: string) => hrefOf({ category: key }),
    episodeHref: (key: string) => hrefOf({ category: category ?? undefined, episode: key }),
    setPage: (next: number) =>
      go({ category: category ?? undefined, episode: episode ?? undefined, page: next }),
    /** One level up; from the works it leaves for home. */
    back: () => {
      if (episode && category) go({ category });
      else if (category) go({});
      else navigate('/');
    },
  };
}
