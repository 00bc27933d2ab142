import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { useDatasetDraft, useSaveDatasetDraft } from '../../api';
import { change, NO_WORK, startAt, undo, type History, type ReviewWork } from './history';

/** A save waits this long after the last change, so a run of clicks is one request. */
export const DRAFT_SAVE_DELAY_MS = 600;

interface Scope {
  work_url: string;
  kind?: 'anime' | 'tv';
}

/**
 * The review's decisions, kept as a draft on the server (PUT whole, a short while after each
 * change, an undone one too), so a reload or another device finds them; 撤销 steps back. Until the
 * saved draft is read nothing is saved, so an empty page never overwrites it.
 */
export function useReviewDraft(
  scope: Scope,
  title: string,
  trigger: { value: string; set: (value: string) => void },
) {
  const draft = useDatasetDraft(scope.work_url, scope.kind);
  const save = useSaveDatasetDraft();
  const [history, setHistory] = useState<History>(startAt(NO_WORK));
  const [restored, setRestored] = useState(false);
  const saved = useRef<string | null>(null);
  const loaded = draft.isSuccess || draft.isError;

  useEffect(() => {
    if (restored || !loaded) return;
    const found = draft.data?.draft;
    const work: ReviewWork = found
      ? {
          overrides: { keep: new Set(found.keep_image_ids), drop: new Set(found.drop_image_ids) },
          tagEdits: found.tag_edits,
        }
      : NO_WORK;
    setHistory(startAt(work));
    if (found?.trigger_word) trigger.set(found.trigger_word);
    saved.current = keyOf(work, found?.trigger_word ?? trigger.value);
    setRestored(true);
  }, [restored, loaded, draft.data, trigger]);

  const key = keyOf(history.present, trigger.value);
  const { mutate } = save;
  const body = useRef({ ...scope, title });
  body.current = { ...scope, title };
  const flush = useCallback(() => {
    const { overrides, tagEdits } = JSON.parse(key) as KeyShape;
    mutate(
      {
        ...body.current,
        keep_image_ids: overrides.keep,
        drop_image_ids: overrides.drop,
        tag_edits: tagEdits,
        trigger_word: trigger.value,
      },
      { onSuccess: () => (saved.current = key) },
    );
  }, [key, mutate, trigger.value]);
  useEffect(() => {
    if (!restored || key === saved.current) return;
    const timer = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [restored, key, flush]);

  const failed = save.isError;
  const blocker = useLeaveWarning(failed);
  return {
    blocker,
    work: history.present,
    restored,
    canUndo: history.past.length > 0,
    change: (next: (work: ReviewWork) => ReviewWork) => setHistory((h) => change(h, next)),
    undo: () => setHistory(undo),
    /** The draft was removed: the review starts over with nothing decided. */
    reset: () => {
      saved.current = keyOf(NO_WORK, '');
      trigger.set('');
      setHistory(startAt(NO_WORK));
    },
    saving: save.isPending,
    saved: save.isSuccess,
    failed,
    retry: flush,
  };
}

interface KeyShape {
  overrides: { keep: number[]; drop: number[] };
  tagEdits: ReviewWork['tagEdits'];
  trigger: string;
}

/** What is saved, as one comparable string (the title is not: it alone is no reason to save). */
function keyOf(work: ReviewWork, trigger: string): string {
  const shape: KeyShape = {
    overrides: { keep: [...work.overrides.keep], drop: [...work.overrides.drop] },
    tagEdits: work.tagEdits,
    trigger,
  };
  return JSON.stringify(shape);
}

/** While the last save failed: the browser asks before the page is closed, the app before it is left. */
function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return useBlocker(unsaved);
}
