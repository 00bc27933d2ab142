import type { ImageHostState } from '@capshelf/contract';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit' });

/** Image hosts the server learnt are down: skipped (the next host serves) until a later probe. */
export function DownImageHosts({ hosts }: { hosts: ImageHostState[] }) {
  const down = hosts.filter((host) => host.state === 'down');
  if (down.length === 0) return null;
  return (
    <div role="status" className="flex flex-col gap-1 rounded-md bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-800">暂停使用的图片服务器</p>
      <ul className="flex flex-col gap-1 text-slate-600">
        {down.map((host) => (
          <li key={host.host} className="break-all">
            <span className="font-mono">{host.host}</span>
            ：连续 {host.failures_in_a_row} 次失败，图片改由下一个服务器提供
            {host.down_until && `，${time(host.down_until)} 后再试`}
          </li>
        ))}
      </ul>
    </div>
  );
}
