import { Link } from 'react-router';
import { Panel } from '../components/Panel';
import { buttonClass } from '../components/button';
import { usePageTitle } from '../lib/usePageTitle';

export function NotFoundPage() {
  usePageTitle('页面未找到');
  return (
    <Panel title="页面未找到">
      <p className="text-slate-600">您访问的页面不存在或已被移除。</p>
      <Link to="/" className={buttonClass()}>
        返回首页
      </Link>
    </Panel>
  );
}
