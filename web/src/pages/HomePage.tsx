import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Database,
  Download,
  HardDrive,
  History,
  Images,
  LogIn,
  Search,
  ShieldCheck,
} from 'lucide-react';
import { useLibraryStats, useSearchLibrary } from '../api';
import { buttonClass } from '../components/button';
import { useSession, type LoginRedirectState } from '../features/auth';
import { NewEpisodes } from '../features/follows';
import { usePageTitle } from '../lib/usePageTitle';

const features = [
  { icon: Images, key: 'browse' },
  { icon: Download, key: 'download' },
  { icon: Database, key: 'cache' },
  { icon: ShieldCheck, key: 'proxy' },
] as const;

const steps = ['search', 'open', 'pick', 'download'] as const;

const cardGridClass = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4';
const cardClass = 'rounded-lg border border-slate-200 bg-white p-4';

/** Landing page: new episodes of followed works, the two libraries, what the tool does, and how to start. */
export function HomePage() {
  usePageTitle();
  const { t } = useTranslation('home');
  const localSummary = useLocalSummary();
  const historySummary = useHistorySummary();
  // A visitor is told that searching starts with signing in, and goes to the login first.
  const visitor = useSession().status === 'unauthenticated';

  return (
    <div className="flex flex-col gap-10 py-4">
      <section className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{t('title')}</h1>
        <p className="max-w-2xl text-slate-600">{t('intro')}</p>
        {visitor ? (
          <>
            <Link
              to="/login"
              state={{ from: '/search' } satisfies LoginRedirectState}
              aria-describedby="start-visitor-hint"
              className={buttonClass()}
            >
              <LogIn aria-hidden className="size-4" />
              {t('startVisitor')}
            </Link>
            <p id="start-visitor-hint" className="max-w-2xl text-sm text-slate-500">
              {t('startVisitorHint')}
            </p>
          </>
        ) : (
          <Link to="/search" className={buttonClass()}>
            <Search aria-hidden className="size-4" />
            {t('start')}
          </Link>
        )}
      </section>

      <NewEpisodes />

      <section className="grid gap-4 md:grid-cols-2">
        <LibraryCard
          to="/local-library"
          icon={<HardDrive className="size-8" />}
          title={t('layout:menu.localLibrary')}
        >
          {localSummary}
        </LibraryCard>
        <LibraryCard
          to="/search-based-library"
          icon={<History className="size-8" />}
          title={t('layout:menu.searchLibrary')}
        >
          {historySummary}
        </LibraryCard>
      </section>

      <CardSection id="features-heading" title={t('features.title')}>
        <ul className={cardGridClass}>
          {features.map(({ icon: Icon, key }) => (
            <li key={key} className={cardClass}>
              <Icon aria-hidden className="mb-2 size-6 text-sky-600" />
              <h3 className="font-medium">{t(`features.${key}.title`)}</h3>
              <p className="text-sm text-slate-600">{t(`features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </CardSection>

      <CardSection id="guide-heading" title={t('guide')}>
        <ol className={cardGridClass}>
          {steps.map((step, index) => (
            <li key={step} className={`flex gap-3 ${cardClass}`}>
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-sky-600 text-sm font-semibold text-white">
                {index + 1}
              </span>
              <span className="text-sm text-slate-700">{t(`steps.${step}`)}</span>
            </li>
          ))}
        </ol>
      </CardSection>
    </div>
  );
}

/** The signed-in user's own library totals; a visitor is told what the library is. */
function useLocalSummary(): string {
  const { t } = useTranslation('home');
  const signedIn = useSession().status === 'authenticated';
  const stats = useLibraryStats(signedIn);
  if (!signedIn) return t('local.visitor');
  if (stats.data) {
    return t('local.summary', { count: stats.data.total_images, size: stats.data.size_human });
  }
  return stats.isError ? t('local.failed') : t('local.counting');
}

/** The signed-in user's own history totals; a visitor is told what the library is. */
function useHistorySummary(): string {
  const { t } = useTranslation('home');
  const signedIn = useSession().status === 'authenticated';
  const history = useSearchLibrary(signedIn);
  if (!signedIn) return t('history.visitor');
  if (history.data) {
    return t('history.summary', {
      works: t('history.works', { count: history.data.total_categories }),
      images: t('history.images', { count: history.data.total_images }),
    });
  }
  return history.isError ? t('history.failed') : t('history.counting');
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

/** A titled row of cards; the heading names the section for screen readers. */
function CardSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="flex flex-col gap-4">
      <h2 id={props.id} className="text-xl font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
