import { api } from '@capshelf/contract';
import { call } from '../../../api/client';
import { i18n } from '../../../i18n';
import { operationLog } from '../operationLog';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const STEP_DELAY_MS = 100;
const STEPS = ['search', 'episode', 'select', 'download'] as const;

/** The test page's buttons (`label` is a catalogue key): one sample entry of each kind (the API one is a real call). */
export const samples: { label: string; run: () => unknown }[] = [
  {
    label: 'logger:sample.basic',
    run: () =>
      operationLog.log('basic', i18n.t('logger:sample.basicMessage'), {
        source: i18n.t('logger:title'),
      }),
  },
  {
    label: 'logger:sample.user',
    run: () =>
      operationLog.log('user', i18n.t('logger:sample.userMessage'), {
        button: i18n.t('logger:sample.user'),
      }),
  },
  {
    label: 'logger:sample.api',
    // Goes through the API client, which logs it like every other call; a failure is logged there.
    run: () => call(api.images.cacheStats).catch(() => undefined),
  },
  {
    label: 'logger:sample.favorite',
    run: () =>
      operationLog.log('favorite', i18n.t('logger:sample.favoriteMessage'), {
        type: 'work',
        title: i18n.t('logger:sample.workTitle'),
      }),
  },
  {
    label: 'logger:sample.download',
    run: () =>
      operationLog.log('download', i18n.t('logger:sample.downloadMessage'), {
        file_count: 12,
        size: 'large',
      }),
  },
  {
    label: 'logger:sample.navigation',
    run: () =>
      operationLog.log('navigation', i18n.t('logger:sample.navigationMessage'), {
        from: '/operation-log-test',
        to: '/search',
      }),
  },
  {
    label: 'logger:sample.auth',
    run: () => operationLog.log('auth', i18n.t('logger:sample.authMessage')),
  },
];

/** 分步流程模拟: a four-step flow logged step by step, as a real one would be. */
export async function runStepFlow(): Promise<void> {
  const flow = `flow-${Date.now()}`;
  operationLog.log('step', i18n.t('logger:flow.start'), { flow, steps: STEPS.length });
  for (const [index, step] of STEPS.entries()) {
    await pause(STEP_DELAY_MS);
    const name = i18n.t(`logger:flow.steps.${step}`);
    operationLog.log(
      'step',
      i18n.t('logger:flow.step', { n: index + 1, total: STEPS.length, name }),
      { flow },
    );
  }
  operationLog.log('step', i18n.t('logger:flow.done'), { flow });
}
