import { apiRequest } from '../../../api/client';
import { i18n } from '../../../i18n';
import { operationLog } from '../operationLog';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const STEP_DELAY_MS = 100;
const STEPS = ['search', 'episode', 'select', 'download'] as const;

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`logger:${key}`, options);

/** The test page's buttons (`label` is a `logger` key): one sample entry of each kind (the API one is a real call). */
export const samples: { label: string; run: () => unknown }[] = [
  {
    label: 'sample.basic',
    run: () => operationLog.log('basic', t('sample.basicMessage'), { source: t('title') }),
  },
  {
    label: 'sample.user',
    run: () => operationLog.log('user', t('sample.userMessage'), { button: t('sample.user') }),
  },
  {
    label: 'sample.api',
    // Goes through the API client, which logs it like every other call; a failure is logged there.
    run: () => apiRequest('/images/cache-stats').catch(() => undefined),
  },
  {
    label: 'sample.favorite',
    run: () =>
      operationLog.log('favorite', t('sample.favoriteMessage'), {
        type: 'work',
        title: t('sample.workTitle'),
      }),
  },
  {
    label: 'sample.download',
    run: () =>
      operationLog.log('download', t('sample.downloadMessage'), {
        file_count: 12,
        size: 'large',
      }),
  },
  {
    label: 'sample.navigation',
    run: () =>
      operationLog.log('navigation', t('sample.navigationMessage'), {
        from: '/operation-log-test',
        to: '/search',
      }),
  },
  {
    label: 'sample.auth',
    run: () => operationLog.log('auth', t('sample.authMessage')),
  },
];

/** 分步流程模拟: a four-step flow logged step by step, as a real one would be. */
export async function runStepFlow(): Promise<void> {
  const flow = `flow-${Date.now()}`;
  operationLog.log('step', t('flow.start'), { flow, steps: STEPS.length });
  for (const [index, step] of STEPS.entries()) {
    await pause(STEP_DELAY_MS);
    const name = t(`flow.steps.${step}`);
    operationLog.log('step', t('flow.step', { n: index + 1, total: STEPS.length, name }), { flow });
  }
  operationLog.log('step', t('flow.done'), { flow });
}
