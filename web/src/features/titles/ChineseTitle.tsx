import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Ref, WorkChineseTitle } from '@capshelf/contract';
import { useSession } from '../auth';
import { CorrectTitleDialog } from './CorrectTitleDialog';

/**
 * The work's Chinese name under the source's title on its page; an admin may correct or remove it
 * there (or name one when there is none).
 */
export function ChineseTitle({ work, title }: { work: Ref; title: WorkChineseTitle | null }) {
  const { t } = useTranslation('search');
  const isAdmin = useSession().user?.role === 'admin';
  const [correcting, setCorrecting] = useState(false);
  if (!title && !isAdmin) return null;
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-600">
      {title && (
        <span lang="zh-CN" data-user-content="" data-chinese-title="">
          {title.chinese_name}
          {title.year !== null && <span className="text-slate-500"> · {title.year}</span>}
        </span>
      )}
      {isAdmin && (
        <button
          type="button"
          className="text-sky-700 underline-offset-2 hover:underline"
          onClick={() => setCorrecting(true)}
        >
          {title ? t('chineseTitle.correct') : t('chineseTitle.add')}
        </button>
      )}
      {correcting && (
        <CorrectTitleDialog work={work} current={title} onClose={() => setCorrecting(false)} />
      )}
    </p>
  );
}
