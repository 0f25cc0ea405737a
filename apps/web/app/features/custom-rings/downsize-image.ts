import { CUSTOM_RING_IMAGES, type CustomRingImageType } from '@everstone/contract/core';

/** What the browser sends for one picture: small enough for one request (every body is capped at 64 KB). */
export interface DownsizedImage {
  blob: Blob;
  contentType: CustomRingImageType;
  /** The bytes as base64, as POST /api/custom-ring-requests/images takes them. */
  base64: string;
}

/** A little under the server's cap, so rounding never decides. */
const TARGET_BYTES = CUSTOM_RING_IMAGES.maxBytes - 1024;
const QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45, 0.38];

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Draws the picture at most 1000 px on its longest side and encodes it as WebP (JPEG where the browser cannot
 * write WebP), lowering the quality, then the size, until it fits. Redrawing also leaves the camera's metadata
 * (the place a photo was taken) behind. Throws when the file is not a picture the browser can read.
 */
export async function downsizeImage(file: File): Promise<DownsizedImage> {
  const bitmap = await createImageBitmap(file);
  try {
    let side: number = CUSTOM_RING_IMAGES.maxSidePx;
    for (let round = 0; round < 6; round++) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (!context) throw new Error('No canvas');
      // JPEG has no transparency: a transparent PNG is laid on white, not black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const quality of QUALITIES) {
        let blob = await encode(canvas, 'image/webp', quality);
        // A browser that cannot write WebP hands back a PNG instead.
        if (!blob || blob.type !== 'image/webp') blob = await encode(canvas, 'image/jpeg', quality);
        if (blob && blob.size <= TARGET_BYTES) {
          return { blob, contentType: blob.type as CustomRingImageType, base64: await toBase64(blob) };
        }
      }
      side = Math.round(side * 0.75);
    }
    throw new Error('The picture could not be made small enough');
  } finally {
    bitmap.close();
  }
}
