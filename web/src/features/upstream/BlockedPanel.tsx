import { Link } from 'react-router';
import { ApiError } from '../../api/errors';
import { ErrorBox } from '../../components/ErrorBox';

/** The source site's bot management refused this server outright (not a rate limit). */
export function isBlocked(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UPSTREAM_BLOCKED';
}

/** What a block means and the ways out, for whoever runs the server. */
export function BlockedPanel({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorBox
      title="源站拒绝了本服务器的请求"
      message="来源网站的 Cloudflare 防护拒绝了本服务器发出的请求（403）。最常见的原因是连接特征（TLS 指纹）不像浏览器。"
      onRetry={onRetry}
    >
      <ul className="list-disc pl-5">
        <li>
          管理员：将设置 <code>UPSTREAM_TRANSPORT</code> 设为 <code>impersonate</code>
          （默认值，以浏览器的连接特征访问），然后重启服务
        </li>
        <li>
          仍被拒绝时：服务器所在网络（如机房、VPS）可能被整体封锁，请改在家庭网络或通过代理运行
        </li>
        <li>可以先浏览已缓存的示例图片</li>
      </ul>
      <Link to="/sample-images" className="self-start font-medium text-red-700 underline">
        查看示例图片
      </Link>
    </ErrorBox>
  );
}
