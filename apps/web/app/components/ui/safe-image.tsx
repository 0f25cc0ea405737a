import { useCallback, useState } from 'react';

export const PLACEHOLDER_IMAGE = '/shapes/placeholder.svg';

type SafeImageProps = React.ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string; fallback?: string };

/**
 * An <img> that swaps to the placeholder once when its picture cannot load (§8). The server-rendered image
 * may fail before React hydrates, and then its error event is gone for good: the ref callback also catches
 * an image that is already complete without pixels.
 */
export function SafeImage({ src, fallback = PLACEHOLDER_IMAGE, onError, ...rest }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = failedSrc === src ? fallback : src;

  const checkLoaded = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && img.getAttribute('src') === src && img.complete && img.naturalWidth === 0) setFailedSrc(src);
    },
    [src],
  );

  return (
    <img
      {...rest}
      ref={checkLoaded}
      src={shown}
      onError={(event) => {
        // Only the first failure swaps: a missing placeholder must not loop.
        if (failedSrc !== src) setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
