import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Database, Download, HardDrive, History, Images, Search, ShieldCheck } from 'lucide-react';
import { useCacheStats, useSearchLibrary } from '../api';
import { buttonClass } from '../components/button';
import { useSession } from '../features/auth';
import { usePageTitle } from '../lib/usePageTitle';

const features = [
  { icon: Images, title: '高效浏览', text: '按作品、剧集浏览截图，大量图片也能流畅滚动。' },
  { icon: Download, title: '批量下载', text: '勾选需要的图片，一键打包为 ZIP 下载。' },
  { icon: Database, title: '智能缓存', text: '看过的图片保存在本地，再次打开无需重新获取。' },
  {
    icon: ShieldCheck,
    title: '安全代理下载',
    text: '由服务器代为获取图片，控制访问频率，保护您的网络。',
  },
];

const steps = [
  '在搜索页输入动漫、电影或电视剧名称',
  '从结果中打开作品，选择要浏览的剧集',
  '浏览截图，点击或按住 Shift 点击挑选图片',
  '选择小图或大图，打包下载所选图片',
];

/** Landing page (spec §2): the two libraries, what the tool does, and how to start. */
export function HomePage() {
  usePageTitle();
  const stats = useCacheStats();
  const localSummary = stats.data
    ? `已缓存 ${stats.data.total_images} 张图片 · 占用 ${stats.data.size_human}`
    : stats.isError
      ? '暂时无法获取缓存统计'
      : '正在统计缓存...';
  const historySummary = useHistorySummary();

  return (
    <div className="flex flex-col gap-10 py-4">
      <section className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-3xl font-bold text-slate-900">capshelf 截图书架</h1>
        <p className="max-w-2xl text-slate-600">
          搜索 fancaps.net 上的动漫、电影和电视剧，浏览剧集截图，挑选图片并打包下载。
        </p>
        <Link to="/search" className={buttonClass()}>
          <Search aria-hidden className="size-4" />
          开始搜索
        </Link>
      </section>

      <section className="grid gap-4 md:grid-cols-2">
        <LibraryCard to="/local-library" icon={<HardDrive className="size-8" />} title="本地图库">
          {localSummary}
        </LibraryCard>
        <LibraryCard
          to="/search-based-library"
          icon={<History className="size-8" />}
          title="搜索历史图库"
        >
          {historySummary}
        </LibraryCard>
      </section>

      <section aria-labelledby="features-heading" className="flex flex-col gap-4">
        <h2 id="features-heading" className="text-xl font-semibold">
          功能特点
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-slate-200 bg-white p-4">
              <Icon aria-hidden className="mb-2 size-6 text-sky-600" />
              <h3 className="font-medium">{title}</h3>
              <p className="text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="guide-heading" className="flex flex-col gap-4">
        <h2 id="guide-heading" className="text-xl font-semibold">
          使用指南
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-sky-600 text-sm font-semibold text-white">
                {index + 1}
              </span>
              <span className="text-sm text-slate-700">{step}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** The signed-in user's own history totals; a visitor is told what the library is. */
function useHistorySummary(): string {
  const signedIn = useSession().status === 'authenticated';
  const history = useSearchLibrary(signedIn);
  if (!signedIn) return '登录后按作品和剧集整理您浏览过的内容';
  if (history.data) {
    return `作品 ${history.data.total_categories} 部 · 图片 ${history.data.total_images} 张`;
  }
  return history.isError ? '暂时无法获取搜索历史' : '正在统计搜索历史...';
}

function LibraryCard(props: { to: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Link
      to={props.to}
      className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-sky-400 hover:shadow-md"
    >
      <span aria-hidden className="rounded-lg bg-sky-50 p-3 text-sky-600">
        {props.icon}
      </span>
      <span className="flex flex-col gap-1">
        <span className="text-lg font-semibold text-slate-900">{props.title}</span>
        <span className="text-sm text-slate-600">{props.children}</span>
      </span>
    </Link>
  );
}
