/**
 * The home page's hero film, drawn by the same 3D view as the product pages: a solitaire turning once in the studio
 * light against the hero's night-blue, frame by frame at a fixed step (so the loop is seamless and the result does
 * not depend on how fast the machine renders), each frame encoded with WebCodecs. Used only by
 * scripts/render-hero-video.ts, which bundles this module into a page, runs it in headless Chromium and writes the
 * files; nothing of the storefront imports it.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Canvas, useThree } from '@react-three/fiber';
import { CanvasTexture, NeutralToneMapping, SRGBColorSpace, type Group, type PerspectiveCamera } from 'three';
import type { MetalId, PieceDesign } from '@everstone/contract/core';
import { PieceStage, type StageFrame } from './piece-stage';

export interface FilmOptions {
  design: PieceDesign;
  metal: MetalId;
  width: number;
  height: number;
  fps: number;
  seconds: number;
  /** Where the piece sits across the frame (0 = left edge, 1 = right), to leave room for the headline. */
  anchorX: number;
}

export interface EncodedFilm {
  codec: string;
  /** The decoder configuration's description (H.264's avcC), base64; absent for VP9. */
  description: string | null;
  chunks: { data: string; type: 'key' | 'delta'; timestamp: number; duration: number }[];
}

interface Driver {
  turn(angle: number): void;
  draw(): void;
}

/** The hero's night blue, brighter behind the piece (as home.css paints the hero). */
function backdrop(width: number, height: number, anchorX: number): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#0a0f1e';
  g.fillRect(0, 0, width, height);
  const cx = width * anchorX;
  const cy = height * 0.5;
  const grad = g.createRadialGradient(cx, cy, 0, cx, cy, width * 0.55);
  grad.addColorStop(0, '#34497a');
  grad.addColorStop(0.46, '#18233f');
  grad.addColorStop(1, '#0a0f1e');
  g.fillStyle = grad;
  g.fillRect(0, 0, width, height);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return texture;
}

function Film({ options, onDriver }: { options: FilmOptions; onDriver: (d: Driver) => void }) {
  const turntable = useRef<Group>(null);
  const camera = useThree((s) => s.camera);
  const scene = useThree((s) => s.scene);
  const advance = useThree((s) => s.advance);
  // The canvas's own size, once React Three Fiber has measured it: frames are drawn only at the film's size.
  const size = useThree((s) => s.size);
  const [aimed, setAimed] = useState(false);

  useLayoutEffect(() => {
    const texture = backdrop(options.width, options.height, options.anchorX);
    scene.background = texture;
    return () => texture.dispose();
  }, [scene, options]);

  const aim = (f: StageFrame) => {
    // From a little above, the piece filling most of the height, shifted toward `anchorX`.
    const distance = (f.radius * 1.05) / Math.sin((13 * Math.PI) / 180);
    const elevation = (24 * Math.PI) / 180;
    camera.position.set(f.center.x, f.center.y + distance * Math.sin(elevation), f.center.z + distance * Math.cos(elevation));
    camera.lookAt(f.center);
    const perspective = camera as PerspectiveCamera;
    perspective.near = distance / 20;
    perspective.far = distance * 20;
    const shift = (options.anchorX - 0.5) * options.width;
    perspective.setViewOffset(options.width, options.height, -shift, 0, options.width, options.height);
    perspective.updateProjectionMatrix();
    setAimed(true);
  };

  useLayoutEffect(() => {
    if (!aimed || size.width !== options.width || size.height !== options.height) return;
    onDriver({
      turn(angle) {
        if (turntable.current) turntable.current.rotation.y = angle;
      },
      draw() {
        advance(performance.now(), true);
      },
    });
  }, [advance, onDriver, aimed, size, options]);

  return (
    <group ref={turntable}>
      <PieceStage design={options.design} metal={options.metal} onFrame={aim} background={null} />
    </group>
  );
}

/** Mounts the film's canvas in `host`; resolves once the piece is built and the first frame can be drawn. */
export function mountFilm(host: HTMLElement, options: FilmOptions): Promise<{ canvas: HTMLCanvasElement; driver: Driver }> {
  return new Promise((resolve) => {
    host.style.width = `${options.width}px`;
    host.style.height = `${options.height}px`;
    let canvas: HTMLCanvasElement | null = null;
    const root = createRoot(host);
    root.render(
      <Canvas
        frameloop="never"
        dpr={1}
        camera={{ fov: 26, position: [0, 20, 60] }}
        gl={{ antialias: true, preserveDrawingBuffer: true, toneMapping: NeutralToneMapping }}
        onCreated={(state) => {
          canvas = state.gl.domElement;
        }}
      >
        <Film
          options={options}
          onDriver={(driver) => requestAnimationFrame(() => requestAnimationFrame(() => resolve({ canvas: canvas!, driver })))}
        />
      </Canvas>,
    );
  });
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * Renders one full turn and encodes it with each codec (e.g. 'vp09.00.31.08' and 'avc1.4d0028'): the same frames
 * go to every encoder. The first and last frames are one step apart, so the loop has no seam.
 */
export async function renderFilm(host: HTMLElement, options: FilmOptions, codecs: { codec: string; bitrate: number }[]): Promise<EncodedFilm[]> {
  const { canvas, driver } = await mountFilm(host, options);
  // Frames are read back with readPixels: a VideoFrame made from a WebGL canvas (or a 2D copy of it) holds the last
  // frame the page showed, not the one just drawn, and nothing is shown between frames here.
  const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))!;
  const { width, height } = options;
  const pixels = new Uint8Array(width * height * 4);
  const upright = new Uint8Array(width * height * 4);
  const row = width * 4;
  const frames = Math.round(options.fps * options.seconds);
  const step = 1_000_000 / options.fps;
  const films: EncodedFilm[] = codecs.map((c) => ({ codec: c.codec, description: null, chunks: [] }));
  const encoders = codecs.map((c, i) => {
    const film = films[i]!;
    const encoder = new VideoEncoder({
      output(chunk, meta) {
        const data = new Uint8Array(chunk.byteLength);
        chunk.copyTo(data);
        film.chunks.push({ data: toBase64(data), type: chunk.type, timestamp: chunk.timestamp, duration: chunk.duration ?? step });
        const description = meta?.decoderConfig?.description;
        if (description && !film.description) {
          const bytes = ArrayBuffer.isView(description) ? new Uint8Array(description.buffer, description.byteOffset, description.byteLength) : new Uint8Array(description);
          film.description = toBase64(bytes);
        }
      },
      error(e) {
        throw e;
      },
    });
    encoder.configure({
      codec: c.codec,
      width: options.width,
      height: options.height,
      bitrate: c.bitrate,
      framerate: options.fps,
      latencyMode: 'quality',
      ...(c.codec.startsWith('avc1') ? { avc: { format: 'avc' as const } } : {}),
    });
    return encoder;
  });
  for (let i = 0; i < frames; i++) {
    driver.turn((i / frames) * Math.PI * 2);
    driver.draw();
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    // WebGL's rows run bottom-up.
    for (let y = 0; y < height; y++) upright.set(pixels.subarray((height - 1 - y) * row, (height - y) * row), y * row);
    const frame = new VideoFrame(upright, { format: 'RGBA', codedWidth: width, codedHeight: height, timestamp: Math.round(i * step), duration: Math.round(step) });
    // A key frame each second: the browser can start the loop again (or seek) without decoding from the start.
    for (const encoder of encoders) encoder.encode(frame, { keyFrame: i % options.fps === 0 });
    frame.close();
    while (encoders.some((e) => e.encodeQueueSize > 4)) await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(encoders.map((e) => e.flush()));
  return films;
}

/**
 * Draws one frame at a turn (the poster) and returns it as a JPEG data URL, `width` wide: the poster is the hero's
 * first paint and its largest image, so it is kept small (a phone shows it a few hundred pixels wide).
 */
export async function renderPoster(host: HTMLElement, options: FilmOptions, angle: number, quality = 0.8, width = options.width): Promise<string> {
  const { canvas, driver } = await mountFilm(host, options);
  driver.turn(angle);
  driver.draw();
  const full = canvas.toDataURL('image/png');
  if (width >= options.width) return canvas.toDataURL('image/jpeg', quality);
  const image = new Image();
  image.src = full;
  await image.decode();
  const small = document.createElement('canvas');
  small.width = width;
  small.height = Math.round((width * options.height) / options.width);
  const context = small.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, small.width, small.height);
  return small.toDataURL('image/jpeg', quality);
}
