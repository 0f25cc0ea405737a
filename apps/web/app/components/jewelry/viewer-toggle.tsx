import { Component, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import type { MetalId, PieceDesign } from '@everstone/contract/core';
import viewerHref from '../../styles/jewelry-viewer.css?url';
import { PieceArt } from './piece-art';
import type { PieceViewer3DProps } from './three/piece-viewer-3d';

/**
 * A piece's picture with a "View in 3D" button. The server renders the 2D picture (PieceArt), which stays the
 * first paint and the fallback; three.js and the 3D view are fetched only when the shopper asks for them (a dynamic
 * import, its own chunk), and never on a device without WebGL, where the picture stays with a short note. A chunk
 * that fails to load, or a view that fails to start, ends the same way.
 */

type Viewer = ComponentType<PieceViewer3DProps>;
type Mode = { kind: 'picture' } | { kind: 'loading' } | { kind: '3d'; Viewer: Viewer; ready: boolean } | { kind: 'unavailable'; message: string };

export const NO_WEBGL_MESSAGE = 'The 3D view needs WebGL, which this browser does not offer: here is the picture.';
export const LOAD_FAILED_MESSAGE = 'The 3D view could not be loaded just now: here is the picture.';

/** Whether this browser can draw WebGL at all (checked before anything of the 3D view is fetched). */
export function hasWebGL(): boolean {
  if (typeof window === 'undefined' || typeof document === 'undefined') return false;
  if (typeof WebGLRenderingContext === 'undefined' && typeof WebGL2RenderingContext === 'undefined') return false;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return false;
    // Give the probe's context back at once: browsers keep only a handful alive.
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

let viewerModule: Promise<Viewer> | null = null;
function loadViewer(): Promise<Viewer> {
  viewerModule ??= import('./three/piece-viewer-3d').then((m) => m.PieceViewer3D);
  // A failed chunk may load on a later try (a flaky connection): forget the failure.
  viewerModule.catch(() => {
    viewerModule = null;
  });
  return viewerModule;
}

class ViewerBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function PieceViewer({ design, metal, title }: { design: PieceDesign; metal: MetalId; title: string }) {
  const [mode, setMode] = useState<Mode>({ kind: 'picture' });

  const open = useCallback(() => {
    if (!hasWebGL()) {
      setMode({ kind: 'unavailable', message: NO_WEBGL_MESSAGE });
      return;
    }
    setMode({ kind: 'loading' });
    loadViewer().then(
      (Viewer) => setMode((m) => (m.kind === 'loading' ? { kind: '3d', Viewer, ready: false } : m)),
      () => setMode({ kind: 'unavailable', message: LOAD_FAILED_MESSAGE }),
    );
  }, []);
  const close = useCallback(() => setMode({ kind: 'picture' }), []);
  const ready = useCallback(() => setMode((m) => (m.kind === '3d' ? { ...m, ready: true } : m)), []);
  const failed = useCallback(() => setMode({ kind: 'unavailable', message: NO_WEBGL_MESSAGE }), []);

  const showing3d = mode.kind === '3d';
  const busy = mode.kind === 'loading' || (mode.kind === '3d' && !mode.ready);
  return (
    <div className="jw-viewer" data-mode={mode.kind} data-ready={mode.kind === '3d' && mode.ready ? 'true' : undefined}>
      <link rel="stylesheet" href={viewerHref} precedence="default" />
      <div className="jw-viewer-picture" hidden={mode.kind === '3d' && mode.ready}>
        <PieceArt design={design} metal={metal} title={title} />
      </div>
      {showing3d ? (
        <ViewerBoundary onError={failed}>
          <mode.Viewer design={design} metal={metal} title={title} onReady={ready} />
        </ViewerBoundary>
      ) : null}
      {busy ? (
        <p className="jw-viewer-status" role="status">
          <span className="jw-viewer-spinner" aria-hidden="true" />
          Loading the 3D view…
        </p>
      ) : null}
      {mode.kind === 'unavailable' ? (
        <p className="jw-viewer-status jw-viewer-status--note" role="status">
          {mode.message}
        </p>
      ) : null}
      <div className="jw-viewer-actions">
        {showing3d ? (
          <button type="button" className="jw-viewer-button" onClick={close}>
            Back to picture
          </button>
        ) : mode.kind !== 'unavailable' ? (
          <button type="button" className="jw-viewer-button" onClick={open} disabled={mode.kind === 'loading'}>
            <span className="jw-viewer-cube" aria-hidden="true" />
            View in 3D
          </button>
        ) : null}
      </div>
    </div>
  );
}
