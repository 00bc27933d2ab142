import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, usePasteClearance } from '../../api';
import { FormField } from '../../components/FormField';
import { buttonClass } from '../../components/button';

/** Paste a clearance copied out of a browser; stored, applied at once and checked on the site. */
export function ClearanceForm() {
  const [cookie, setCookie] = useState('');
  const [userAgent, setUserAgent] = useState('');
  const paste = usePasteClearance();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    paste.mutate(
      { cookie, user_agent: userAgent },
      {
        onSuccess: ({ check }) => {
          if (check.ok) {
            toast.success(check.message);
            setCookie('');
          } else {
            toast.error(`凭据已保存，但未通过验证：${check.message}`);
          }
        },
        onError: (error) => toast.error(errorMessage(error, '保存凭据失败')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">
        在电脑的浏览器中打开 fancaps.net 并通过验证，然后在开发者工具中复制{' '}
        <code>cf_clearance</code> Cookie（可以整行复制 Cookie 请求头）和浏览器的
        User-Agent。两者必须来自同一个浏览器。
      </p>
      <FormField
        id="clearance-cookie"
        label="Cookie"
        value={cookie}
        onChange={setCookie}
        placeholder="cf_clearance=…"
        autoComplete="off"
        spellCheck={false}
      />
      <FormField
        id="clearance-user-agent"
        label="User-Agent"
        value={userAgent}
        onChange={setUserAgent}
        placeholder="Mozilla/5.0 …"
        autoComplete="off"
        spellCheck={false}
      />
      <button
        type="submit"
        className={`${buttonClass()} self-start`}
        disabled={paste.isPending || cookie.trim() === '' || userAgent.trim() === ''}
      >
        {paste.isPending ? '正在保存并验证...' : '保存并验证'}
      </button>
    </form>
  );
}
