import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Bookmark, Copy } from 'lucide-react';
import { buttonClass } from '../../components/button';

/**
 * The bookmarklet's address: run on a source-site page, it opens that page's address in this
 * capshelf (`/open?url=`), in the same tab.
 */
export function bookmarkletCode(origin: string): string {
  return `javascript:void(location.href='${origin}/open?url='+encodeURIComponent(location.href))`;
}

/**
 * 设置 → 在 capshelf 中打开: the bookmarklet to drag to the bookmarks bar (or copy, on a phone),
 * and the share target of the installed app.
 */
export function Bookmarklet() {
  const { t } = useTranslation('settings');
  const code = bookmarkletCode(window.location.origin);
  const link = useRef<HTMLAnchorElement>(null);
  // React 19 never renders a javascript: URL given as href (it writes one that throws instead;
  // React 18 warned), so the address is set on the element itself, outside React's props:
  // dragging the link to the bookmarks bar copies it.
  useEffect(() => {
    link.current?.setAttribute('href', code);
  }, [code]);

  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => toast.success(t('bookmarklet.copied')),
      () => toast.error(t('bookmarklet.copyFailed')),
    );

  return (
    <section
      aria-labelledby="bookmarklet"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 text-sm text-slate-600 shadow-sm"
    >
      <h2 id="bookmarklet" className="text-lg font-semibold text-slate-900">
        {t('bookmarklet.title')}
      </h2>
      <p>{t('bookmarklet.drag')}</p>
      <div className="flex flex-wrap items-center gap-3">
        {/* Clicked here it would only run on this page (which its CSP forbids anyway). */}
        <a
          ref={link}
          data-testid="bookmarklet"
          className={buttonClass('secondary')}
          onClick={(event) => {
            event.preventDefault();
            toast(t('bookmarklet.dragHint'));
          }}
        >
          <Bookmark aria-hidden className="size-4" />
          {t('bookmarklet.name')}
        </a>
        <button type="button" className={buttonClass('secondary')} onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" />
          {t('bookmarklet.copy')}
        </button>
      </div>
      <p>{t('bookmarklet.phone')}</p>
      <p>{t('bookmarklet.share')}</p>
    </section>
  );
}
