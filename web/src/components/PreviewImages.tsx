/** Up to 4 preview thumbnails of a work or episode (spec §9); the URLs are the server's. */
export function PreviewImages({ urls }: { urls: readonly string[] }) {
  if (urls.length === 0) return null;
  return (
    <div className="grid grid-cols-4 gap-1">
      {urls.slice(0, 4).map((url) => (
        <img
          key={url}
          src={url}
          alt=""
          loading="lazy"
          className="aspect-video w-full rounded bg-slate-100 object-cover"
        />
      ))}
    </div>
  );
}
