/**
 * Renders the home page's hero film: a round-diamond solitaire in 18K yellow gold turning once in the studio light,
 * drawn by the storefront's own 3D view (apps/web/app/components/jewelry/three), as a seamless loop.
 *
 *   npx node scripts/render-hero-video.ts            (about two to four minutes on two cores)
 *
 * Writes to apps/web/public/media/:
 *   hero-ring.webm        VP9, 1280×720, 30 fps, 6 s (one full turn: the last frame leads into the first)
 *   hero-ring.mp4         H.264 (Main profile), same frames, fast start (the index before the data)
 *   hero-ring-poster.jpg  the film's first frame at 960×540, the hero's first paint (and its largest image)
 *
 * How: Vite bundles hero-film.tsx (the film's page code) into a temporary folder; headless Chromium runs it with
 * WebGL through SwiftShader (--use-angle=swiftshader), draws every frame at a fixed step of the turn (so the result
 * does not depend on the machine's speed) and encodes it with WebCodecs (VP9 and H.264 from the same frames);
 * mediabunny writes the WebM and MP4 containers here in Node. No ffmpeg, no network.
 *
 * Options (environment): CHROME_PATH (default /usr/bin/chromium), HERO_SECONDS (default 6), HERO_WIDTH/HERO_HEIGHT
 * (default 1280×720), HERO_OUT (default apps/web/public/media).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output, WebMOutputFormat } from 'mediabunny';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { PieceDesign } from '@everstone/contract/core';

const ROOT = resolve(import.meta.dirname, '..');
const WEB = join(ROOT, 'apps/web');
const ENTRY = join(WEB, 'app/components/jewelry/three/hero-film.tsx');
const OUT = resolve(process.env.HERO_OUT ?? join(WEB, 'public/media'));
const WIDTH = Number(process.env.HERO_WIDTH ?? 1280);
const HEIGHT = Number(process.env.HERO_HEIGHT ?? 720);
const SECONDS = Number(process.env.HERO_SECONDS ?? 6);
const FPS = 30;
const ORIGIN = 'http://localhost:4999';

/** The classic: a 7.2 mm round (about 1.4 ct) on six prongs, a 2 mm comfort-fit band. */
const DESIGN: PieceDesign = {
  form: 'ring',
  bandWidthMm: 2,
  bandThicknessMm: 1.7,
  profile: 'comfort',
  milgrain: false,
  head: { prongs: 6, halo: 'none', sideCenters: 0, shapes: ['Round'], minWidthMm: 5, maxWidthMm: 9, shownWidthMm: 7.2, vintage: false },
  accents: null,
  center: { gem: 'diamond', shape: 'Round', lengthMm: 7.2, widthMm: 7.2, depthMm: 4.43 },
  inlay: null,
};

const CODECS = [
  { name: 'webm', codec: 'vp09.00.31.08', bitrate: 560_000, container: 'vp9' as const },
  { name: 'mp4', codec: 'avc1.4d0028', bitrate: 720_000, container: 'avc' as const },
];

interface EncodedFilm {
  codec: string;
  description: string | null;
  chunks: { data: string; type: 'key' | 'delta'; timestamp: number; duration: number }[];
}

async function bundle(dir: string): Promise<void> {
  await build({
    configFile: false,
    root: WEB,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: dir,
      emptyOutDir: true,
      minify: true,
      lib: { entry: ENTRY, formats: ['es'], fileName: () => 'film.js' },
    },
  });
}

async function mux(film: EncodedFilm, container: 'vp9' | 'avc'): Promise<Uint8Array> {
  const target = new BufferTarget();
  const output = new Output({ format: container === 'avc' ? new Mp4OutputFormat({ fastStart: 'in-memory' }) : new WebMOutputFormat(), target });
  const source = new EncodedVideoPacketSource(container);
  output.addVideoTrack(source, { frameRate: FPS });
  await output.start();
  let first = true;
  for (const chunk of film.chunks) {
    const packet = new EncodedPacket(Buffer.from(chunk.data, 'base64'), chunk.type, chunk.timestamp / 1e6, chunk.duration / 1e6);
    const meta: EncodedVideoChunkMetadata | undefined = first
      ? {
          decoderConfig: {
            codec: film.codec,
            codedWidth: WIDTH,
            codedHeight: HEIGHT,
            ...(film.description ? { description: Buffer.from(film.description, 'base64') } : {}),
          },
        }
      : undefined;
    await source.add(packet, meta);
    first = false;
  }
  source.close();
  await output.finalize();
  return new Uint8Array(target.buffer!);
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'hero-film-'));
  try {
    console.log('Bundling the film page…');
    await bundle(work);
    const script = readFileSync(join(work, 'film.js'));
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--disable-dev-shm-usage'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
      page.on('pageerror', (e) => console.error('page error:', e.message));
      // Served from localhost, a secure context, so WebCodecs is there; no server: the requests are answered here.
      await page.route(`${ORIGIN}/**`, (route) => {
        const path = new URL(route.request().url()).pathname;
        if (path === '/film.js') return route.fulfill({ contentType: 'text/javascript', body: script });
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><body style="margin:0"><div id="film"></div><div id="poster"></div></body>' });
      });
      await page.goto(`${ORIGIN}/`);
      const options = { design: DESIGN, metal: '18k-yellow', width: WIDTH, height: HEIGHT, fps: FPS, seconds: SECONDS, anchorX: 0.68 };

      console.log(`Rendering ${FPS * SECONDS} frames at ${WIDTH}×${HEIGHT}…`);
      const started = Date.now();
      const films = (await page.evaluate(
        async ({ options, codecs }) => {
          const film = await import('/film.js' as string);
          return film.renderFilm(document.getElementById('film'), options, codecs);
        },
        { options, codecs: CODECS.map((c) => ({ codec: c.codec, bitrate: c.bitrate })) },
      )) as EncodedFilm[];
      console.log(`Rendered and encoded in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

      const poster = (await page.evaluate(async (options) => {
        document.getElementById('film')!.remove();
        const film = await import('/film.js' as string);
        return film.renderPoster(document.getElementById('poster'), options, 0, 0.72, 960);
      }, options)) as string;

      mkdirSync(OUT, { recursive: true });
      for (const [i, c] of CODECS.entries()) {
        const file = join(OUT, `hero-ring.${c.name}`);
        writeFileSync(file, await mux(films[i]!, c.container));
        console.log(`${file}: ${(statSync(file).size / 1024).toFixed(0)} KB`);
      }
      const posterFile = join(OUT, 'hero-ring-poster.jpg');
      writeFileSync(posterFile, Buffer.from(poster.replace(/^data:image\/jpeg;base64,/, ''), 'base64'));
      console.log(`${posterFile}: ${(statSync(posterFile).size / 1024).toFixed(0)} KB`);
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
