import toast from 'react-hot-toast';

/** A profile form's request callbacks: on success a toast and back to the view. */
export function savedCallbacks(
  saved: string,
  onDone: () => void,
  onError: (error: unknown) => void,
) {
  return {
    onSuccess: () => {
      toast.success(saved);
      onDone();
    },
    onError,
  };
}
