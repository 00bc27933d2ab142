import { useState } from 'react';
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
  usePageTitle('操作日志测试');
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
        <h1 className="text-2xl font-bold text-slate-900">操作日志测试</h1>
        {user && (
          <p className="text-sm text-slate-600">
            当前用户：{user.email}（ID：{user.id}）
          </p>
        )}
        <p className="text-sm text-slate-600">
          日志记录：{enabled ? '已开启' : '已关闭'} · 共 {entries.length} 条
        </p>
      </div>

      <section aria-label="示例日志" className="flex flex-wrap gap-2">
        {samples.map((sample) => (
          <button
            key={sample.label}
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void sample.run()}
          >
            {sample.label}
          </button>
        ))}
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={runFlow}
          disabled={flowRunning}
        >
          分步流程模拟
        </button>
      </section>

      <section aria-label="日志管理" className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass()} onClick={() => setShowStats((on) => !on)}>
          {showStats ? '隐藏统计' : '显示统计'}
        </button>
        <button type="button" className={buttonClass()} onClick={() => operationLog.download()}>
          导出日志
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => operationLog.clear()}
        >
          清空历史
        </button>
        <button
          type="button"
          className={buttonClass(enabled ? 'danger' : 'primary')}
          onClick={() => operationLog.setEnabled(!enabled)}
        >
          {enabled ? '关闭日志' : '开启日志'}
        </button>
      </section>

      {showStats && <LogStatsView stats={operationLog.stats()} />}
      <LogEntries entries={entries.slice(-LATEST).reverse()} />
    </div>
  );
}
