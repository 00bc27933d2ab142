import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button';
import { useSession } from '../../auth';
import { operationLog } from '../operationLog';
import { useOperationLog } from '../useOperationLog';
import { LogEntries } from './LogEntries';
import { LogStatsView } from './LogStatsView';
import { runStepFlow, samples } from './samples';
import { usePageTitle } from '../../../lib/usePageTitle';

const LATEST = 20;

/** /operation-log-test: fires sample entries and shows what the logger holds (developer page). */
export function OperationLogTestPage() {
  const { t } = useTranslation('logger');
  usePageTitle(t('title'));
  const { user } = useSession();
  const { entries, enabled } = useOperationLog();
  const [showStats, setShowStats] = useState(false);
  const [flowRunning, setFlowRunning] = useState(false);

  const runFlow = () => {
    setFlowRunning(true);
    void runStepFlow().finally(() => setFlowRunning(false));
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        {user && (
          <p className="text-sm text-slate-600">
            {t('currentUser', { email: user.email, id: user.id })}
          </p>
        )}
        <p className="text-sm text-slate-600">
          {t('status', { state: enabled ? t('on') : t('off'), count: entries.length })}
        </p>
      </div>

      <section aria-label={t('samples')} className="flex flex-wrap gap-2">
        {samples.map((sample) => (
          <button
            key={sample.label}
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void sample.run()}
          >
            {t(sample.label)}
          </button>
        ))}
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={runFlow}
          disabled={flowRunning}
        >
          {t('flow.run')}
        </button>
      </section>

      <section aria-label={t('manage')} className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass()} onClick={() => setShowStats((on) => !on)}>
          {showStats ? t('hideStats') : t('showStats')}
        </button>
        <button type="button" className={buttonClass()} onClick={() => operationLog.download()}>
          {t('export')}
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => operationLog.clear()}
        >
          {t('clear')}
        </button>
        <button
          type="button"
          className={buttonClass(enabled ? 'danger' : 'primary')}
          onClick={() => operationLog.setEnabled(!enabled)}
        >
          {enabled ? t('disable') : t('enable')}
        </button>
      </section>

      {showStats && <LogStatsView stats={operationLog.stats()} />}
      <LogEntries entries={entries.slice(-LATEST).reverse()} />
    </div>
  );
}
