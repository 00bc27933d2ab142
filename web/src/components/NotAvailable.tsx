import { Link } from 'react-router';
import { Panel } from './Panel';
import { buttonClass } from './button';

/** Honest state of a screen that is not built yet: no placeholder data. */
export function NotAvailable({ screen }: { screen: string }) {
  return (
    <Panel title={screen}>
      <p className="text-slate-600">此功能尚未开放，敬请期待。</p>
      <Link to="/" className={buttonClass('secondary')}>
        返回首页
      </Link>
    </Panel>
  );
}
