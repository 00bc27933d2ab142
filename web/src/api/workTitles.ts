import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Ref } from '@capshelf/contract';
import { call } from './client';

/** Every answer that shows works' Chinese names: read again once a name changes. */
const NAMED_ANSWERS = [['episodes'], ['search'], ['library'], ['favorites'], ['follows']];

function useNameChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all(NAMED_ANSWERS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/**
 * A result of a Chinese query was opened: the server makes the match its own (when its search
 * found the work). A side record: a refusal changes nothing on the page.
 */
export function useWorkOpened() {
  return useNameChange(({ work, ref }: { work: Ref; ref: string }) =>
    call(api.catalog.workTitles.opened, { body: { kind: work.kind, id: work.id, ref } }),
  );
}

/** Admin: the work is this entry of the title table (`ref`), or has no Chinese name (null). */
export function useCorrectWorkTitle(work: Ref) {
  const params = { kind: work.kind, id: work.id };
  return useNameChange((ref: string | null) =>
    ref === null
      ? call(api.catalog.workTitles.remove, { params })
      : call(api.catalog.workTitles.correct, { params, body: { ref } }),
  );
}
