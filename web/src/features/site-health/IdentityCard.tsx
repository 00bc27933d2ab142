import { useTranslation } from 'react-i18next';
import type { SiteHealthResponse } from '@capshelf/contract';

type Identity = SiteHealthResponse['identity'];
type Side = NonNullable<Identity['transport']>;
const FIELDS = ['user_agent', 'sec_ch_ua', 'platform'] as const;
const LABELS = { user_agent: 'User-Agent', sec_ch_ua: 'sec-ch-ua', platform: 'sec-ch-ua-platform' };

/** One side's identity; a field that differs from the other side is marked. */
function SideList({ side, differences }: { side: Side; differences: Identity['differences'] }) {
  const { t } = useTranslation('siteHealth');
  return (
    <dl className="flex flex-col gap-1 text-xs">
      {FIELDS.map((field) => {
        const differs = differences.includes(field);
        return (
          <div key={field} className="flex flex-col">
            <dt className="text-slate-500">
              {LABELS[field]}
              {differs && (
                <span className="ml-1 font-medium text-red-700">{t('identity.differs')}</span>
              )}
            </dt>
            <dd className={`font-mono break-all ${differs ? 'text-red-800' : 'text-slate-900'}`}>
              {side[field] || t('identity.absent')}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The browser the transport presents and the one the solver's Chromium presents: a clearance
 * only carries over when they are the same, so both are shown and any difference is named.
 */
export function IdentityCard({ identity }: { identity: Identity }) {
  const { t } = useTranslation('siteHealth');
  const agrees = identity.transport !== null && identity.differences.length === 0;
  return (
    <div className="flex flex-col gap-3">
      <p
        role={identity.differences.length > 0 ? 'alert' : undefined}
        className={`rounded-md p-3 text-sm ${agrees ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-800'}`}
      >
        {identity.transport === null
          ? t('identity.notProbed')
          : agrees
            ? t('identity.agrees')
            : t('identity.disagrees')}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-slate-700">{t('identity.transport')}</h3>
          {identity.transport ? (
            <SideList side={identity.transport} differences={identity.differences} />
          ) : (
            <p className="text-xs text-slate-500">{t('identity.absent')}</p>
          )}
        </section>
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-slate-700">{t('identity.solver')}</h3>
          <SideList side={identity.solver} differences={identity.differences} />
          <p className="text-xs text-slate-500">
            {t('identity.engine', { engine: identity.engine ?? t('identity.noEngine') })}
          </p>
        </section>
      </div>
    </div>
  );
}
