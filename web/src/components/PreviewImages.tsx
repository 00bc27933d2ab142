import { useQueuedImage } from '../lib/useQueuedImage';

/**
 * Up to 4 preview thumbnails of a work or episode; the URLs are the server's. Each is
 * asked for only while its card is on screen, through the page's image queue.
 */
export function PreviewImages({ urls }: { urls: readonly string[] }) {
  if (urls.length === 0) return null;
  return (
    <div className="grid grid-cols-4 gap-1">
      {urls.slice(0, 4).map((url) => (
        <PreviewImage key={url} url={url} />
      ))}
    </div>
  );
}

function PreviewImage({ url }: { url: string }) {
  const queued = useQueuedImage(url);
  return (
    <span
      ref={queued.ref}
      className="block aspect-video w-full overflow-hidden rounded bg-slate-100"
    >
      {queued.src && (
        <img
          src={queued.src}
          alt=""
          onLoad={queued.settled}
          onError={queued.settled}
          className="size-full object-cover"
        />
      )}
    </span>
  );
}
