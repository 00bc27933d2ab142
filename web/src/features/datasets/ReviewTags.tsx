import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewFrame, TagEdits } from '@capshelf/contract';
import { MAX_REVIEW_OVERRIDES } from '@capshelf/contract';
import { useReviewTags } from '../../api';
import { buttonClass } from '../../components/button';
import { removeTag, replaceTag, restoreTag } from './history';
import { ReviewCard } from './ReviewCard';

const fieldClass = 'rounded border border-slate-300 px-2 py-1';

/**
 * 标签 (with a tagger): the work's most frequent stored tags with their counts, and the user's
 * edits of them, which the export writes into every caption, sidecar and row: a tag removed
 * everywhere, a tag replaced by another, and the trigger word that starts each kohya caption.
 */
export function ReviewTags({
  frames,
  listed,
  edits,
  onEdit,
  trigger,
  onTrigger,
}: {
  frames: readonly ReviewFrame[];
  /** Every episode listed: the frames (and so their tags) are all known. */
  listed: boolean;
  edits: TagEdits;
  onEdit: (next: (edits: TagEdits) => TagEdits) => void;
  trigger: string;
  onTrigger: (value: string) => void;
}) {
  const { t } = useTranslation('downloads');
  const kind = frames[0]?.image.kind;
  const ids = frames.slice(0, MAX_REVIEW_OVERRIDES).map((f) => f.image.id);
  const tags = useReviewTags(listed && kind ? { kind, image_ids: ids } : null).data;
  if (!tags?.tagger) return null;
  return (
    <ReviewCard id="review-tags" heading={t('review.tags.heading')}>
      <label className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span>{t('review.tags.trigger')}</span>
        <input
          value={trigger}
          maxLength={100}
          onChange={(e) => onTrigger(e.target.value)}
          className={`w-48 ${fieldClass}`}
        />
      </label>
      {tags.tags.length === 0 ? (
        <p className="text-sm text-slate-600">{t('review.tags.none')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {t('review.tags.tagged', { count: tags.tagged, images: frames.length })}
          </p>
          <ul
            className="flex flex-col divide-y divide-slate-100"
            aria-label={t('review.tags.list')}
          >
            {tags.tags.map((tag) => (
              <TagRow key={tag.name} tag={tag} edits={edits} onEdit={onEdit} />
            ))}
          </ul>
        </>
      )}
    </ReviewCard>
  );
}

function TagRow({
  tag,
  edits,
  onEdit,
}: {
  tag: { name: string; count: number };
  edits: TagEdits;
  onEdit: (next: (edits: TagEdits) => TagEdits) => void;
}) {
  const { t } = useTranslation('downloads');
  const [replacing, setReplacing] = useState(false);
  const [to, setTo] = useState('');
  const removed = edits.remove.includes(tag.name);
  const replaced = edits.replace.find((r) => r.from === tag.name)?.to;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = to.trim();
    if (next && next !== tag.name) onEdit((e) => replaceTag(e, tag.name, next));
    setReplacing(false);
    setTo('');
  };
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5 text-sm" data-tag={tag.name}>
      <span className={removed ? 'text-slate-400 line-through' : 'text-slate-900'}>{tag.name}</span>
      {replaced && <span className="text-slate-700">→ {replaced}</span>}
      <span className="text-slate-500 tabular-nums">
        {t('review.tags.count', { count: tag.count })}
      </span>
      <span className="ml-auto flex gap-3">
        {removed || replaced ? (
          <button
            type="button"
            className="text-sky-700 hover:underline"
            onClick={() => onEdit((e) => restoreTag(e, tag.name))}
          >
            {t('review.tags.restore')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="text-red-700 hover:underline"
              onClick={() => onEdit((e) => removeTag(e, tag.name))}
              aria-label={t('review.tags.removeOne', { tag: tag.name })}
            >
              {t('review.tags.remove')}
            </button>
            <button
              type="button"
              className="text-sky-700 hover:underline"
              onClick={() => setReplacing(!replacing)}
              aria-label={t('review.tags.replaceOne', { tag: tag.name })}
            >
              {t('review.tags.replace')}
            </button>
          </>
        )}
      </span>
      {replacing && (
        <form className="flex w-full items-center gap-2" onSubmit={submit}>
          <input
            value={to}
            maxLength={100}
            autoFocus
            onChange={(e) => setTo(e.target.value)}
            aria-label={t('review.tags.replaceWith', { tag: tag.name })}
            className={`w-48 ${fieldClass}`}
          />
          <button type="submit" className={buttonClass('secondary')}>
            {t('review.tags.apply')}
          </button>
        </form>
      )}
    </li>
  );
}
