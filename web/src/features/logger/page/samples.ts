import { apiRequest } from '../../../api/client';
import { operationLog } from '../operationLog';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const STEP_DELAY_MS = 100;
const STEPS = ['搜索作品', '打开剧集', '选择图片', '打包下载'];

/** The test page's buttons: one sample entry of each kind (the API one is a real call). */
export const samples: { label: string; run: () => unknown }[] = [
  {
    label: '基础日志',
    run: () => operationLog.log('basic', '基础日志示例', { source: '操作日志测试页' }),
  },
  {
    label: '用户操作',
    run: () => operationLog.log('user', '用户操作：点击了按钮', { button: '用户操作' }),
  },
  {
    label: 'API 调用',
    // Goes through the API client, which logs it like every other call; a failure is logged there.
    run: () => apiRequest('/images/cache-stats').catch(() => undefined),
  },
  {
    label: '收藏操作',
    run: () =>
      operationLog.log('favorite', '收藏操作：添加收藏（示例）', {
        type: 'work',
        title: '示例作品',
      }),
  },
  {
    label: '下载操作',
    run: () =>
      operationLog.log('download', '下载操作：创建下载任务（示例）', {
        file_count: 12,
        size: 'large',
      }),
  },
  {
    label: '页面导航',
    run: () =>
      operationLog.log('navigation', '页面导航：/operation-log-test → /search（示例）', {
        from: '/operation-log-test',
        to: '/search',
      }),
  },
  {
    label: '认证操作',
    run: () => operationLog.log('auth', '认证操作：检查登录状态（示例）'),
  },
];

/** 分步流程模拟: a four-step flow logged step by step, as a real one would be. */
export async function runStepFlow(): Promise<void> {
  const flow = `flow-${Date.now()}`;
  operationLog.log('step', '分步流程开始', { flow, steps: STEPS.length });
  for (const [index, step] of STEPS.entries()) {
    await pause(STEP_DELAY_MS);
    operationLog.log('step', `步骤 ${index + 1}/${STEPS.length}：${step}`, { flow });
  }
  operationLog.log('step', '分步流程完成', { flow });
}
