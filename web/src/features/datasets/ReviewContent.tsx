import { useTranslation } from 'react-i18next';
import type {
  DatasetOptions,
  DatasetReviewRequest,
  DatasetReviewResponse,
  TagEdits,
} from '@capshelf/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { overrideFields, tally, toggle } from './decision';
import { ReviewDraftBar } from './ReviewDraftBar';
import { ReviewFrames } from './ReviewFrames';
import { ReviewStart } from './ReviewStart';
import { ReviewTags } from './ReviewTags';
import { ReviewTotals } from './ReviewTotals';
import { useReviewDraft } from './useReviewDraft';
import { useUndoShortcut } from './useUndoShortcut';

/** Only what the job sends: the tag edits when there are any. */
const editsField = (edits: TagEdits) =>
  edits.remove.length + edits.replace.length > 0 ? { tag_edits: edits } : {};

/**
 * The review once the work is read: totals, 撤销 and the draft, the tag editing, 开始下载 and the
 * frames. Every decision and tag edit is saved as the user's draft of this work.
 */
export function ReviewContent({
  review,
  scope,
  title,
  options,
  onOptions,
}: {
  review: DatasetReviewResponse;
  scope: Omit<DatasetReviewRequest, 'offset'>;
  title: string;
  options: DatasetOptions;
  onOptions: (change: (options: DatasetOptions) => DatasetOptions) => void;
}) {
  const { t } = useTranslation('downloads');
  const { work_url, kind } = scope;
  const draft = useReviewDraft({ work_url, ...(kind ? { kind } : {}) }, title, {
    value: options.trigger_word,
    set: (trigger_word) => onOptions((o) => ({ ...o, trigger_word })),
  });
  useUndoShortcut(draft.undo, draft.canUndo);
  // The saved draft first: a decision made before it is read would be overwritten by it.
  if (!draft.restored) return <Spinner label={t('review.draft.loading')} />;
  const { overrides, tagEdits } = draft.work;
  const counts = tally(review, overrides);
  const listed = review.episodes.every((e) => e.listing === 'done' || e.listing === 'failed');
  return (
    <>
      <ReviewTotals tally={counts} complete={review.complete} />
      <ReviewDraftBar
        state={draft}
        current={(d) => d.work_url === work_url && d.kind === (kind ?? null)}
        onRemoved={draft.reset}
      />
      <ReviewTags
        frames={review.frames}
        listed={listed}
        edits={tagEdits}
        onEdit={(next) => draft.change((w) => ({ ...w, tagEdits: next(w.tagEdits) }))}
        trigger={options.trigger_word}
        onTrigger={(trigger_word) => onOptions((o) => ({ ...o, trigger_word }))}
      />
      <ReviewStart
        request={{ ...scope, ...overrideFields(review, overrides), ...editsField(tagEdits) }}
        options={options}
        onChange={(next) => onOptions(() => next)}
        count={{ kept: counts.kept, pending: counts.pending, listed }}
      />
      <ReviewFrames
        frames={review.frames}
        overrides={overrides}
        onToggle={(frame) => draft.change((w) => ({ ...w, overrides: toggle(w.overrides, frame) }))}
      />
      <ConfirmDialog
        open={draft.blocker.state === 'blocked'}
        onOpenChange={(open) => !open && draft.blocker.reset?.()}
        title={t('review.draft.leaveTitle')}
        description={t('review.draft.leave')}
        confirmLabel={t('review.draft.leaveAnyway')}
        onConfirm={() => draft.blocker.proceed?.()}
        danger
      />
    </>
  );
}
