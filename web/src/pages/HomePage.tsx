import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { buttonClass } from '../components/button';

/** Landing page; the library cards and guide arrive with those features. */
export function HomePage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-6 py-12 text-center">
      <h1 className="text-3xl font-bold text-slate-900">capshelf 截图书架</h1>
      <p className="text-slate-600">
        搜索 fancaps.net 上的动漫、电影和电视剧，浏览剧集截图，挑选图片并打包下载。
      </p>
      <Link to="/search" className={buttonClass()}>
        <Search aria-hidden className="size-4" />
        开始搜索
      </Link>
    </section>
  );
}
