import type { ChallengeReason } from '@capshelf/contract';
import { Link } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox';
import { useSession } from '../auth';
import { challengeText } from './challenge';

/** What the source site's challenge did, and the admin's two ways out of it. */
export function ChallengePanel({
  reason,
  onRetry,
}: {
  reason: ChallengeReason;
  onRetry: () => void;
}) {
  const { user } = useSession();
  return (
    <ErrorBox
      title="源站要求人机验证，未能自动通过"
      message={`来源网站（Cloudflare）对本服务器的请求弹出了验证页面。${challengeText(reason)}。在解决之前，已缓存的内容仍可浏览，新的内容暂时无法获取。`}
      onRetry={onRetry}
    >
      <p className="font-medium">管理员可以任选一种方法解决：</p>
      <ol className="list-decimal pl-5">
        <li>
          在服务器上安装 Chromium（<code>apt-get install chromium</code>
          ），之后系统会自动通过验证；
        </li>
        <li>
          在浏览器中打开 fancaps.net 通过验证，然后把 <code>cf_clearance</code> Cookie 和浏览器的
          User-Agent 粘贴到“站点状态”页面。
        </li>
      </ol>
      {user?.role === 'admin' ? (
        <Link to="/site-health" className="self-start font-medium text-red-700 underline">
          前往站点状态页面
        </Link>
      ) : (
        <p>请联系管理员处理。</p>
      )}
    </ErrorBox>
  );
}
