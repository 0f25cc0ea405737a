/**
 * The interactive 3D view of a piece (loaded on demand by viewer-toggle.tsx, never in a page's first load): the
 * piece in its studio, orbit and zoom with damping, a slow turn until the shopper takes hold of it (none for
 * prefers-reduced-motion). Rendered only on demand once it stands still, so an idle view costs nothing.
 */
import { useCallback, useEffect, useState } from 'react';
import { Canvas, useThree } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import { NeutralToneMapping, Vector3 } from 'three';
import type { MetalId, PieceDesign } from '@everstone/contract/core';
import { PieceStage, type StageFrame } from './piece-stage';

export interface PieceViewer3DProps {
  design: PieceDesign;
  metal: MetalId;
  title: string;
  /** Called once the first frame with the piece in it has been drawn. */
  onReady?: () => void;
}

const FOV = 26;

/** Where the camera looks from: a ring three-quarters on from above, other pieces nearly face on. */
export function viewDirection(design: PieceDesign): Vector3 {
  return design.form === 'ring' ? new Vector3(0.5, 0.5, 0.72).normalize() : new Vector3(0.18, 0.16, 1).normalize();
}

/** The distance at which a sphere of `radius` fills the view (with a margin). */
export function fitDistance(radius: number, fov = FOV, margin = 0.94): number {
  return (radius * margin) / Math.sin(((fov / 2) * Math.PI) / 180);
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function Rig({ design, metal, autoRotate, onTouched, onReady }: { design: PieceDesign; metal: MetalId; autoRotate: boolean; onTouched: () => void; onReady?: () => void }) {
  const camera = useThree((s) => s.camera);
  const invalidate = useThree((s) => s.invalidate);
  const [frame, setFrame] = useState<StageFrame | null>(null);
  const onFrame = useCallback(
    (f: StageFrame) => {
      const distance = fitDistance(f.radius, FOV, design.form === 'ring' ? 0.94 : 1.08);
      camera.position.copy(f.center).addScaledVector(viewDirection(design), distance);
      camera.near = distance / 20;
      camera.far = distance * 20;
      camera.updateProjectionMatrix();
      camera.lookAt(f.center);
      setFrame(f);
      invalidate();
    },
    [camera, design, invalidate],
  );
  useEffect(() => {
    if (!frame || !onReady) return;
    // Two animation frames: the first draws the piece, the second is after it reached the screen.
    let id = requestAnimationFrame(() => {
      id = requestAnimationFrame(() => onReady());
    });
    return () => cancelAnimationFrame(id);
  }, [frame, onReady]);
  const distance = frame ? fitDistance(frame.radius, FOV, design.form === 'ring' ? 0.94 : 1.08) : 60;
  return (
    <>
      <PieceStage design={design} metal={metal} onFrame={onFrame} />
      {frame ? (
        <OrbitControls
          makeDefault
          target={frame.center.toArray()}
          enableDamping
          dampingFactor={0.08}
          enablePan={false}
          minDistance={distance * 0.45}
          maxDistance={distance * 1.6}
          minPolarAngle={Math.PI * 0.08}
          maxPolarAngle={Math.PI * 0.62}
          autoRotate={autoRotate}
          autoRotateSpeed={1.4}
          onStart={onTouched}
        />
      ) : null}
    </>
  );
}

export function PieceViewer3D({ design, metal, title, onReady }: PieceViewer3DProps) {
  const [autoRotate, setAutoRotate] = useState(false);
  useEffect(() => setAutoRotate(!prefersReducedMotion()), []);
  const stop = useCallback(() => setAutoRotate(false), []);
  return (
    <div className="jw-viewer-canvas" role="img" aria-label={`${title}: 3D view. Drag to turn it, scroll or pinch to zoom.`}>
      <Canvas
        frameloop={autoRotate ? 'always' : 'demand'}
        dpr={[1, 2]}
        camera={{ fov: FOV, near: 1, far: 2000, position: [40, 30, 40] }}
        gl={{ antialias: true, toneMapping: NeutralToneMapping, toneMappingExposure: 1, powerPreference: 'high-performance' }}
      >
        <Rig design={design} metal={metal} autoRotate={autoRotate} onTouched={stop} onReady={onReady} />
      </Canvas>
    </div>
  );
}

export default PieceViewer3D;
