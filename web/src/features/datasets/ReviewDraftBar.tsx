import { Link } from 'react-router';
import { Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pagePath, pageTarget, type DatasetDraftSummary } from '@capshelf/contract';
import { useDatasetDrafts, useRemoveDatasetDraft } from '../../api';
import { buttonClass } from '../../components/button';
import { formatDate } from '../../lib/formatDate';

export interface DraftState {
  canUndo: boolean;
  undo: () => void;
  saving: boolean;
  saved: boolean;
  failed: boolean;
  retry: () => void;
}

/**
 * 撤销, whether the decisions are saved, and the user's drafts (this work's and others'), each
 * openable and removable. Removing this work's draft starts the review over.
 */
export function ReviewDraftBar({
  state,
  current,
  onRemoved,
}: {
  state: DraftState;
  /** Whether a draft is this work's. */
  current: (draft: DatasetDraftSummary) => boolean;
  onRemoved: () => void;
}) {
  const { t } = useTranslation('downloads');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={state.undo}
          disabled={!state.canUndo}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          <Undo2 aria-hidden className="size-4" />
          {t('review.draft.undo')}
        </button>
        <SaveStatus state={state} />
      </div>
      <DraftList current={current} onRemoved={onRemoved} />
    </div>
  );
}

function SaveStatus({ state }: { state: DraftState }) {
  const { t } = useTranslation('downloads');
  if (state.failed)
    return (
      <p role="alert" className="flex items-center gap-2 text-sm text-red-700">
        {t('review.draft.failed')}
        <button type="button" className="text-sky-700 hover:underline" onClick={state.retry}>
          {t('review.draft.retry')}
        </button>
      </p>
    );
  const text = state.saving ? 'saving' : state.saved ? 'saved' : 'auto';
  return (
    <p role="status" className="text-sm text-slate-500" data-testid="draft-status">
      {t(`review.draft.${text}`)}
    </p>
  );
}

function DraftList({
  current,
  onRemoved,
}: {
  current: (draft: DatasetDraftSummary) => boolean;
  onRemoved: () => void;
}) {
  const { t } = useTranslation('downloads');
  const drafts = useDatasetDrafts().data?.drafts ?? [];
  const remove = useRemoveDatasetDraft();
  if (drafts.length === 0) return null;
  return (
    <details className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm">
      <summary className="cursor-pointer text-slate-700">
        {t('review.draft.list', { count: drafts.length })}
      </summary>
      <ul className="mt-2 flex flex-col gap-2">
        {drafts.map((draft) => (
          <li key={draft.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <DraftLink draft={draft} />
            {current(draft) && <span className="text-slate-500">{t('review.draft.this')}</span>}
            <span className="text-slate-500">
              {t('review.draft.summary', {
                kept: draft.kept,
                dropped: draft.dropped,
                tags: draft.tag_edit_count,
                time: formatDate(draft.updated_at),
              })}
            </span>
            <button
              type="button"
              className="text-red-700 hover:underline"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(draft.id, { onSuccess: () => current(draft) && onRemoved() })
              }
            >
              {t('review.draft.remove')}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A draft's review page (its work's title; a draft of no page the app can open is only named). */
function DraftLink({ draft }: { draft: DatasetDraftSummary }) {
  const name = draft.title || draft.work_url;
  const target = pageTarget(draft.kind ?? undefined, draft.work_url);
  if (!target || target.kind === 'movie') return <span data-user-content="">{name}</span>;
  return (
    <Link
      className="font-medium text-sky-700 hover:underline"
      data-user-content=""
      to={pagePath('dataset', target.kind, target.id)}
    >
      {name}
    </Link>
  );
}
