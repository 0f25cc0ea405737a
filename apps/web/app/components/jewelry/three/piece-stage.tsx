/**
 * The piece in its studio: the locally built environment (studio.ts), the model (piece-model.tsx), a soft contact
 * shadow under the pieces that stand (rings, bracelets; earrings and pendants hang) and the background colour. Shared by the interactive viewer and the hero-video renderer, so both show
 * the same ring in the same light.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useThree } from '@react-three/fiber';
import { ContactShadows } from '@react-three/drei';
import { Box3, Sphere, Vector3, type Group } from 'three';
import type { MetalId, PieceDesign } from '@everstone/contract/core';
import { PieceModel } from './piece-model';
import { createStudio } from './studio';

export interface StageFrame {
  center: Vector3;
  radius: number;
  floor: number;
}

export function PieceStage({
  design,
  metal,
  background = '#f6f3ee',
  onFrame,
}: {
  design: PieceDesign;
  metal: MetalId;
  /** The backdrop colour; null when the caller paints its own (the hero film's gradient). */
  background?: string | null;
  /** Called once the piece is built, with its bounding sphere and lowest point (to aim the camera). */
  onFrame?: (frame: StageFrame) => void;
}) {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const studio = useMemo(() => createStudio(gl), [gl]);
  useLayoutEffect(() => {
    scene.environment = studio.environment;
    return () => {
      scene.environment = null;
      studio.dispose();
    };
  }, [scene, studio]);

  const group = useRef<Group>(null);
  const [frame, setFrame] = useState<StageFrame | null>(null);
  useLayoutEffect(() => {
    if (!group.current) return;
    const box = new Box3().setFromObject(group.current, true);
    const sphere = box.getBoundingSphere(new Sphere());
    const next = { center: sphere.center.clone(), radius: sphere.radius, floor: box.min.y };
    setFrame(next);
    onFrame?.(next);
    // Measured once per design and metal: a new callback identity is no reason to measure again.
  }, [design, metal]);

  return (
    <>
      {background ? <color attach="background" args={[background]} /> : null}
      <group ref={group}>
        <PieceModel design={design} metal={metal} cube={studio.cube} />
      </group>
      {frame && (design.form === 'ring' || design.form === 'bracelet') ? (
        <ContactShadows
          key={`${frame.floor}:${frame.radius}`}
          position={[frame.center.x, frame.floor - 0.05, frame.center.z]}
          scale={frame.radius * 3.2}
          far={frame.radius * 0.9}
          blur={2.6}
          opacity={0.32}
          resolution={512}
          color="#5a4a38"
          frames={1}
        />
      ) : null}
    </>
  );
}
