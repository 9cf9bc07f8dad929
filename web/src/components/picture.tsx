/**
 * A picture whose box is reserved before it loads (fixed aspect ratio: no layout shift), lazy unless
 * it is the page's main picture. Without a picture, a quiet placeholder keeps the grid even.
 */
export function Picture({
  src,
  alt,
  ratio = "4 / 3",
  eager = false,
  className = "",
}: {
  src: string | null | undefined;
  alt: string;
  ratio?: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <div className={`picture ${className}`} style={{ aspectRatio: ratio }}>
      {src ? (
        <img
          src={src}
          alt={alt}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          fetchPriority={eager ? "high" : "auto"}
        />
      ) : (
        <span className="picture-placeholder" aria-hidden="true" />
      )}
    </div>
  );
}
