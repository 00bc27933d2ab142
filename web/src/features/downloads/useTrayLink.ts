import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A notification's link: `?task=<id>` opens the tray at that task, `?tray=1` opens it. The
 * parameter is taken off the address once read, so a reload does not open it again. Answers the
 * linked task's id (highlighted in the tray), or null.
 */
export function useTrayLink(hasTasks: boolean, setOpen: (open: boolean) => void): string | null {
  const [params, setParams] = useSearchParams();
  const [linked, setLinked] = useState<string | null>(null);
  const task = params.get('task');
  const tray = params.get('tray');
  useEffect(() => {
    if (!hasTasks || (task === null && tray === null)) return;
    setOpen(true);
    setLinked(task);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('task');
        next.delete('tray');
        return next;
      },
      { replace: true },
    );
  }, [hasTasks, task, tray, setOpen, setParams]);
  return linked;
}
