import { Link } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox';
import { waitText } from './rateLimit';

/**
 * Spec §8: what the source site's rate limit means and what to do meanwhile. The wait is the
 * server's (its Retry-After or cool-down), not a fixed guess.
 */
export function RateLimitPanel({
  onRetry,
  retryAfter,
}: {
  onRetry: () => void;
  /** Seconds the server said to wait; null when it did not say. */
  retryAfter: number | null;
}) {
  return (
    <ErrorBox
      title="检测到访问频率限制"
      message="来源网站的 Cloudflare 安全检查限制了访问频率。系统已自动提高请求间隔（图片 10–20 秒，批量 15–30 秒，单线程）。"
      onRetry={onRetry}
    >
      <ul className="list-disc pl-5">
        <li>
          {retryAfter === null
            ? '请稍等几分钟后再试'
            : `请在${waitText(retryAfter)}后再试（源站要求的等待时间）`}
        </li>
        <li>可以先浏览已缓存的示例图片</li>
        <li>请不要频繁刷新页面</li>
      </ul>
      <Link to="/sample-images" className="self-start font-medium text-red-700 underline">
        查看示例图片
      </Link>
    </ErrorBox>
  );
}
