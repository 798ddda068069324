import { imageSources } from "@shop/shared/media/images";
import "./product-image.css";

/**
 * A product's picture in a 3:4 frame: width and height set (no layout shift while it loads), an
 * uploaded image's widths as srcset, lazy below the fold. `width` is the frame's largest CSS width.
 */
export function ProductImage({
  url,
  alt = "",
  width,
  sizes,
  eager = false,
  className = "",
}: {
  url: string;
  alt?: string;
  width: number;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const { src, srcSet } = imageSources(url);
  return (
    <img
      className={`product-image ${className}`.trim()}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={Math.round((width * 4) / 3)}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
    />
  );
}
