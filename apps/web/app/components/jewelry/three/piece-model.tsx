/**
 * A piece of jewelry as a three.js scene graph, from its design and metal: rings in full (band, head, halo, side
 * stones, accents, milgrain, inlay), earrings, pendants, necklaces and bracelets more simply. Everything is in
 * millimetres; the camera and the studio are the caller's (piece-viewer-3d.tsx, the hero-video renderer).
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { MeshRefractionMaterial } from '@react-three/drei';
import {
  Color,
  InstancedMesh,
  Matrix4,
  MeshPhysicalMaterial,
  Object3D,
  Quaternion,
  ShaderChunk,
  SphereGeometry,
  TorusGeometry,
  Vector3,
  type CubeTexture,
  type Material,
} from 'three';
import {
  GEMSTONES,
  METAL_COLORS,
  metalOf,
  type BraceletDesign,
  type EarringDesign,
  type GemstoneId,
  type MetalId,
  type NecklaceDesign,
  type PieceDesign,
  type RingDesign,
} from '@everstone/contract/core';
import {
  accentLayout,
  bandSpec,
  clamp,
  headLayout,
  ringLayout,
  stoneHeights,
  stoneSpec,
  type AccentLayout,
  type BandSpec,
  type HeadLayout,
  type SmallStone,
  type StoneSpec,
  type Vec3,
} from './layout';
import { bandGeometry, collarGeometry, gemGeometry, roundedSection, sweepGeometry, tubeGeometry, unitRoundGem, type SweepFrame } from './meshes';

/*
 * drei's MeshRefractionMaterial includes three's old cube-UV chunk, which three r18x dropped when its prefiltered
 * maps became real cube maps. Our stones refract a cube texture, a path of the shader that never uses the chunk, so
 * an empty chunk lets the shader compile.
 */
const chunks = ShaderChunk as unknown as Record<string, string>;
chunks.cube_uv_reflection_fragment ??= '';

interface Look {
  metal: Material;
  /** The cube the stones refract. */
  cube: CubeTexture;
}

/** Polished metal: fully metallic, a whisper of roughness, the metal's body colour (METAL_COLORS). */
export function metalMaterial(metal: MetalId): MeshPhysicalMaterial {
  const hue = metalOf(metal).hue;
  const color = new Color(METAL_COLORS[hue].base);
  if (hue === 'yellow' || hue === 'rose') color.lerp(new Color(METAL_COLORS[hue].light), 0.12);
  return new MeshPhysicalMaterial({ color, metalness: 1, roughness: hue === 'platinum' ? 0.14 : 0.1, envMapIntensity: 1.1 });
}

function gemColor(gem: GemstoneId): Color {
  if (gem === 'diamond') return new Color('#ffffff');
  return new Color(GEMSTONES.find((g) => g.id === gem)?.color ?? '#ffffff');
}

/* ------------------------------------------------------------------------------------------------
 * Stones
 * --------------------------------------------------------------------------------------------- */

/** One faceted stone: the refraction of the studio through its facets (drei's MeshRefractionMaterial). */
function Stone({ stone, cube, position = [0, 0, 0] }: { stone: StoneSpec; cube: CubeTexture; position?: Vec3 }) {
  const geometry = useMemo(() => gemGeometry(stone), [stone]);
  const diamond = stone.gem === 'diamond';
  return (
    <mesh geometry={geometry} position={position} key={geometry.uuid}>
      <MeshRefractionMaterial
        envMap={cube}
        bounces={diamond ? 3 : 2}
        ior={diamond ? 2.42 : 1.77}
        fresnel={1}
        aberrationStrength={diamond ? 0.012 : 0.004}
        color={gemColor(stone.gem)}
        fastChroma
        toneMapped={false}
      />
    </mesh>
  );
}

const UP = new Vector3(0, 1, 0);

/** Many small round stones in one draw (pavé, halos, tennis lines). */
function SmallStones({ stones, cube }: { stones: readonly SmallStone[]; cube: CubeTexture }) {
  const geometry = useMemo(() => unitRoundGem(), []);
  const ref = useRef<InstancedMesh>(null);
  const gem = stones[0]?.gem ?? 'diamond';
  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    const m = new Matrix4();
    const q = new Quaternion();
    stones.forEach((s, i) => {
      q.setFromUnitVectors(UP, new Vector3(...s.up).normalize());
      m.compose(new Vector3(...s.position), q, new Vector3(s.diameter, s.diameter, s.diameter));
      mesh.setMatrixAt(i, m);
    });
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
  }, [stones]);
  if (stones.length === 0) return null;
  return (
    <instancedMesh ref={ref} args={[geometry, undefined, stones.length]} key={stones.length}>
      <MeshRefractionMaterial envMap={cube} bounces={2} ior={gem === 'diamond' ? 2.42 : 1.77} fresnel={1} color={gemColor(gem)} fastChroma toneMapped={false} />
    </instancedMesh>
  );
}

/** Many small metal balls (beads, milgrain, the claws between pavé stones). */
function Beads({ beads, material, flatten = 1 }: { beads: readonly { position: Vec3; radius: number }[]; material: Material; flatten?: number }) {
  const geometry = useMemo(() => new SphereGeometry(1, 12, 8), []);
  const ref = useRef<InstancedMesh>(null);
  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    const o = new Object3D();
    beads.forEach((b, i) => {
      o.position.set(...b.position);
      o.scale.set(b.radius, b.radius * flatten, b.radius);
      o.updateMatrix();
      mesh.setMatrixAt(i, o.matrix);
    });
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
  }, [beads, flatten]);
  if (beads.length === 0) return null;
  return <instancedMesh ref={ref} args={[geometry, material, beads.length]} key={beads.length} />;
}

/* ------------------------------------------------------------------------------------------------
 * Heads
 * --------------------------------------------------------------------------------------------- */

function Head({ head, look }: { head: HeadLayout; look: Look }) {
  const parts = useMemo(() => {
    const prongs = head.prongs.map((p) => tubeGeometry(p.path, p.radius, false, 40, 10));
    const rail = head.rail ? tubeGeometry(head.rail.path, head.rail.radius, true, 96, 8) : null;
    const h = stoneHeights(head.stone);
    const bezel = head.bezel
      ? collarGeometry(head.bezel.outline, [
          [-head.bezel.lip, head.bezel.top],
          [-head.bezel.lip - 0.02, head.bezel.top - 0.12],
          [0.02, head.girdleY + h.girdle],
          [-0.1, head.bezel.bottom + 0.3],
          [-h.pavilion * 0.5, head.bezel.bottom],
          [head.bezel.wall * 0.6, head.bezel.bottom - 0.05],
          [head.bezel.wall, head.girdleY - h.pavilion * 0.2],
          [head.bezel.wall, head.bezel.top - 0.15],
          [head.bezel.wall - 0.12, head.bezel.top],
        ])
      : null;
    const seat = head.haloSeat
      ? collarGeometry(head.haloSeat.outline, roundedSection(-0.1, head.haloSeat.reach, head.haloSeat.bottom, head.haloSeat.top, 0.25))
      : null;
    return { prongs, rail, bezel, seat };
  }, [head]);
  return (
    <group rotation={[0, 0, head.turn]}>
      <group position={[0, head.girdleY, 0]}>
        <Stone stone={head.stone} cube={look.cube} />
      </group>
      {parts.prongs.map((g, i) => (
        <mesh key={i} geometry={g} material={look.metal} />
      ))}
      {head.prongs.map((p, i) => (
        <mesh key={`tip${i}`} position={p.tip as unknown as [number, number, number]} scale={[p.radius * 1.12, p.radius * 0.85, p.radius * 1.12]} material={look.metal}>
          <sphereGeometry args={[1, 16, 12]} />
        </mesh>
      ))}
      {parts.rail ? <mesh geometry={parts.rail} material={look.metal} /> : null}
      {parts.bezel ? <mesh geometry={parts.bezel} material={look.metal} /> : null}
      {parts.seat ? <mesh geometry={parts.seat} material={look.metal} /> : null}
      <SmallStones stones={head.halo} cube={look.cube} />
      <Beads beads={head.beads} material={look.metal} />
    </group>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Rings
 * --------------------------------------------------------------------------------------------- */

function Accents({ band, accents, look }: { band: BandSpec; accents: AccentLayout; look: Look }) {
  const walls = useMemo(() => {
    if (!accents.channel) return [];
    const { from, to, halfGap, wall } = accents.channel;
    const steps = Math.max(8, Math.round(((to - from) * band.outerRadius) / 0.4));
    const frames: SweepFrame[] = Array.from({ length: steps + 1 }, (_, i) => {
      const t = from + ((to - from) * i) / steps;
      return { origin: [0, 0, 0], a: [Math.sin(t), Math.cos(t), 0], b: [0, 0, 1] };
    });
    const r = band.outerRadius;
    return [-1, 1].map((side) => {
      const z0 = side * halfGap;
      const z1 = side * (halfGap + wall);
      const [lo, hi] = z0 < z1 ? [z0, z1] : [z1, z0];
      return sweepGeometry(frames, () => roundedSection(r - 0.4, r + 0.06, lo, hi, 0.08), false);
    });
  }, [accents, band]);
  const cups = useMemo(() => accents.cups.map((c) => ({ ...c, geometry: new TorusGeometry(c.diameter / 2 + 0.1, 0.14, 8, 32) })), [accents]);
  return (
    <group>
      <SmallStones stones={accents.stones} cube={look.cube} />
      <Beads beads={accents.beads} material={look.metal} flatten={0.8} />
      {walls.map((g, i) => (
        <mesh key={i} geometry={g} material={look.metal} />
      ))}
      {cups.map((c, i) => {
        const q = new Quaternion().setFromUnitVectors(new Vector3(0, 0, 1), new Vector3(...c.up).normalize());
        return <mesh key={i} geometry={c.geometry} material={look.metal} position={c.position as unknown as [number, number, number]} quaternion={q} />;
      })}
    </group>
  );
}

/** Milgrain: a row of tiny beads along each edge of the band's crest. */
function milgrainBeads(band: BandSpec): { position: Vec3; radius: number }[] {
  const r = 0.13;
  const count = Math.round((Math.PI * 2 * band.outerRadius) / (r * 2.3));
  const out: { position: Vec3; radius: number }[] = [];
  for (let k = 0; k < count; k++) {
    const t = (k / count) * Math.PI * 2;
    const w = band.width * (band.taper + (1 - band.taper) * Math.sin(t / 2) ** 2);
    const rr = band.innerRadius + band.thickness * 0.82;
    for (const side of [-1, 1]) out.push({ position: [Math.sin(t) * rr, Math.cos(t) * rr, side * (w / 2 - 0.02)], radius: r });
  }
  return out;
}

function RingModel({ design, look }: { design: RingDesign; look: Look }) {
  const layout = useMemo(() => ringLayout(design), [design]);
  const band = useMemo(() => bandGeometry(layout.band), [layout]);
  const inlay = useMemo(() => {
    if (!layout.inlay) return null;
    const b = layout.band;
    const hw = b.width * 0.3;
    const frames: SweepFrame[] = Array.from({ length: 240 }, (_, i) => {
      const t = (i / 240) * Math.PI * 2;
      return { origin: [0, 0, 0], a: [Math.sin(t), Math.cos(t), 0], b: [0, 0, 1] };
    });
    return sweepGeometry(frames, () => roundedSection(b.outerRadius - 0.3, b.outerRadius + 0.015, -hw, hw, 0.05), true);
  }, [layout]);
  const inlayMaterial = useMemo(
    () => new MeshPhysicalMaterial({ color: layout.inlay === 'white' ? '#f1efe9' : '#0c0c0d', roughness: 0.18, metalness: 0, clearcoat: 1, clearcoatRoughness: 0.05 }),
    [layout.inlay],
  );
  const milgrain = useMemo(() => (layout.milgrain ? milgrainBeads(layout.band) : []), [layout]);
  return (
    <group>
      <mesh geometry={band} material={look.metal} />
      {inlay ? <mesh geometry={inlay} material={inlayMaterial} /> : null}
      <Beads beads={milgrain} material={look.metal} />
      {layout.heads.map((h, i) => (
        <Head key={i} head={h} look={look} />
      ))}
      {layout.accents ? <Accents band={layout.band} accents={layout.accents} look={look} /> : null}
    </group>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Earrings, necklaces, bracelets: upright, facing the viewer (+Z)
 * --------------------------------------------------------------------------------------------- */

/** A band spec for a head that stands on nothing (a stud's, a pendant's): its "band" crest is at height 0. */
function baseFor(width: number): BandSpec {
  return { innerRadius: -1, outerRadius: 0, thickness: 1, width, taper: 1, profile: 'flat' };
}

/** Turns table-up (+Y) parts to face the viewer (+Z), with +Y's old "up the finger" (−Z) now pointing up. */
const FACE_VIEWER: [number, number, number] = [Math.PI / 2, 0, 0];

function EarringModel({ design, look }: { design: EarringDesign; look: Look }) {
  const parts = useMemo(() => {
    const stone = design.stone ? stoneSpec(design.stone) : null;
    if (design.style === 'hoops') {
      const d = clamp(design.hoopDiameterMm ?? 20, 10, 60);
      const tube = clamp(d * 0.045, 0.9, 1.8);
      const size = stone ? clamp(stone.width, 1, 3) : 1.4;
      const stones: SmallStone[] = [];
      const n = Math.max(0, Math.min(40, Math.round(design.hoopStones)));
      for (let k = 0; k < n; k++) {
        // Along the front of the lower two thirds, tables facing the viewer.
        const t = Math.PI * (0.3 + (1.4 * (k + 0.5)) / n);
        stones.push({ position: [Math.sin(t) * (d / 2), Math.cos(t) * (d / 2), tube * 0.62], up: [0, 0, 1], diameter: Math.min(size, tube * 1.3), gem: stone?.gem ?? 'diamond' });
      }
      return { kind: 'hoops' as const, d, tube, stones, spacing: d + 6 };
    }
    const main = stone ?? stoneSpec({ gem: 'diamond', shape: 'Round', lengthMm: 5, widthMm: 5, depthMm: 3.1 });
    const head = headLayout(baseFor(main.width), main, { prongs: design.prongs, halo: 'none', haloGem: 'diamond' });
    const top =
      design.style === 'drops'
        ? headLayout(baseFor(2.6), stoneSpec({ gem: main.gem, shape: 'Round', lengthMm: clamp(main.width * 0.42, 2, 3.5), widthMm: clamp(main.width * 0.42, 2, 3.5), depthMm: 0 }), { prongs: 4, halo: 'none', haloGem: 'diamond' })
        : null;
    return { kind: design.style, head, top, main, spacing: Math.max(main.width, main.length) + 7 };
  }, [design]);

  if (parts.kind === 'hoops') {
    return (
      <group>
        {[-1, 1].map((side) => (
          <group key={side} position={[(side * parts.spacing) / 2, 0, 0]} rotation={[0, side * 0.35, 0]}>
            <mesh material={look.metal}>
              <torusGeometry args={[parts.d / 2, parts.tube, 24, 120]} />
            </mesh>
            <SmallStones stones={parts.stones} cube={look.cube} />
          </group>
        ))}
      </group>
    );
  }
  const { head, top, main } = parts;
  const dropLength = main.length / 2 + 0.4;
  return (
    <group>
      {[-1, 1].map((side) => (
        <group key={side} position={[(side * parts.spacing) / 2, 0, 0]}>
          {top ? (
            <>
              <group position={[0, dropLength + 3, 0]} rotation={FACE_VIEWER}>
                <Head head={top} look={look} />
              </group>
              <mesh material={look.metal} position={[0, dropLength + 1.2, -0.4]}>
                <torusGeometry args={[0.9, 0.28, 10, 32]} />
              </mesh>
            </>
          ) : (
            <mesh material={look.metal} position={[0, 0, -4.5]} rotation={[Math.PI / 2, 0, 0]}>
              <cylinderGeometry args={[0.4, 0.4, 9, 12]} />
            </mesh>
          )}
          <group rotation={FACE_VIEWER}>
            <Head head={head} look={look} />
          </group>
        </group>
      ))}
    </group>
  );
}

/** A chain as a thin polished wire along a path (links are too small to read at this scale). */
function Chain({ path, look, radius = 0.35 }: { path: Vec3[]; look: Look; radius?: number }) {
  const geometry = useMemo(() => tubeGeometry(path, radius, false, 160, 8), [path, radius]);
  return <mesh geometry={geometry} material={look.metal} />;
}

function NecklaceModel({ design, look }: { design: NecklaceDesign; look: Look }) {
  const parts = useMemo(() => {
    if (design.style === 'tennis-necklace') {
      // The front of the necklace: a U of stones in cups, hanging toward the viewer.
      const d = clamp(design.stoneMm, 1.5, 6);
      const n = 21;
      const stones: SmallStone[] = [];
      const cups: { position: Vec3; radius: number }[] = [];
      const curve = (t: number): Vec3 => [t * (n * d * 0.5), 8 * (Math.cosh(t * 1.3) - Math.cosh(1.3)), 0];
      for (let k = 0; k < n; k++) {
        const t = -1 + (2 * k) / (n - 1);
        const [x, y] = curve(t);
        stones.push({ position: [x, y, 0.6], up: [0, 0, 1], diameter: d, gem: 'diamond' });
        cups.push({ position: [x, y, 0], radius: d * 0.55 });
      }
      // The chain carries on along the same curve, up and out of the picture.
      const chain = (side: number) => Array.from({ length: 8 }, (_, k) => curve(side * (1 + (k + 0.5) * 0.12)));
      return { kind: 'tennis' as const, stones, cups, chains: [chain(-1).reverse(), chain(1)] };
    }
    const pendant = design.pendant ? stoneSpec(design.pendant) : null;
    const motif = design.motif ?? 'solitaire';
    if (motif === 'bar' || !pendant) {
      const d = clamp(design.stoneMm, 1, 4);
      const n = Math.max(1, Math.min(12, design.stones || 5));
      const length = n * d * 1.15 + 1.2;
      const stones: SmallStone[] = Array.from({ length: n }, (_, k) => ({ position: [-length / 2 + 0.6 + d * 1.15 * (k + 0.5), 0, 0.95], up: [0, 0, 1], diameter: d, gem: 'diamond' }));
      return { kind: 'bar' as const, stones, length, height: d + 0.9 };
    }
    const halo = motif === 'halo' || motif === 'cluster';
    const head = headLayout(baseFor(pendant.width), pendant, { prongs: 4, halo: halo ? 'halo' : 'none', haloGem: 'diamond' });
    return { kind: 'pendant' as const, head, pendant };
  }, [design]);

  if (parts.kind === 'tennis') {
    return (
      <group>
        <SmallStones stones={parts.stones} cube={look.cube} />
        <Beads beads={parts.cups} material={look.metal} flatten={1} />
        {parts.chains.map((path, i) => (
          <Chain key={i} path={path} look={look} radius={0.5} />
        ))}
      </group>
    );
  }
  if (parts.kind === 'bar') {
    return (
      <group>
        <mesh material={look.metal}>
          <boxGeometry args={[parts.length, parts.height, 1.4]} />
        </mesh>
        <SmallStones stones={parts.stones} cube={look.cube} />
        <Chain path={[[-parts.length / 2, 0, 0], [-14, 7, -1], [-24, 20, -2]]} look={look} />
        <Chain path={[[parts.length / 2, 0, 0], [14, 7, -1], [24, 20, -2]]} look={look} />
      </group>
    );
  }
  const { head, pendant } = parts;
  const reach = pendant.length / 2 + (head.haloSeat ? head.haloSeat.reach : 0.6);
  return (
    <group>
      <group rotation={FACE_VIEWER}>
        <Head head={head} look={look} />
      </group>
      <mesh material={look.metal} position={[0, reach + 1.4, -head.girdleY * 0.5]}>
        <torusGeometry args={[1.3, 0.35, 12, 32]} />
      </mesh>
      <Chain path={[[-22, 26, -2], [-8, 9, -1.5], [0, reach + 2.3, -head.girdleY * 0.5], [8, 9, -1.5], [22, 26, -2]]} look={look} />
    </group>
  );
}

function BraceletModel({ design, look }: { design: BraceletDesign; look: Look }) {
  const parts = useMemo(() => {
    const circumference = clamp(design.lengthIn, 5, 9) * 25.4;
    const radius = circumference / (2 * Math.PI);
    if (design.style === 'bangle') {
      const band = bandSpec({ bandWidthMm: clamp(design.widthMm, 2, 12), bandThicknessMm: 2.2, profile: 'comfort' });
      const b: BandSpec = { ...band, innerRadius: radius, outerRadius: radius + band.thickness, width: clamp(design.widthMm, 2, 12) };
      const accents = design.stones > 0 ? accentLayout(b, { setting: 'shared-prong', count: design.stones, caratTotal: design.stones * 0.0061 * 0.615 * clamp(design.stoneMm, 1, 5) ** 3, coverage: 0.3, gem: 'diamond' }, null) : null;
      return { kind: 'bangle' as const, band: b, accents };
    }
    const d = clamp(design.stoneMm, 1.5, 6);
    const n = Math.max(12, Math.min(90, Math.round(design.stones)));
    const stones: SmallStone[] = [];
    const cups: { position: Vec3; radius: number }[] = [];
    for (let k = 0; k < n; k++) {
      const t = (k / n) * Math.PI * 2;
      const up: Vec3 = [Math.sin(t), Math.cos(t), 0];
      stones.push({ position: [up[0] * (radius + d * 0.5), up[1] * (radius + d * 0.5), 0], up, diameter: d, gem: 'diamond' });
      cups.push({ position: [up[0] * (radius + d * 0.1), up[1] * (radius + d * 0.1), 0], radius: d * 0.58 });
    }
    return { kind: 'tennis' as const, stones, cups };
  }, [design]);
  // Tipped toward the viewer so both the stones on top and the circle read.
  return (
    <group rotation={[0.95, 0, 0]}>
      {parts.kind === 'bangle' ? (
        <RingLike band={parts.band} accents={parts.accents} inlay={design.inlay} look={look} />
      ) : (
        <>
          <SmallStones stones={parts.stones} cube={look.cube} />
          <Beads beads={parts.cups} material={look.metal} />
        </>
      )}
    </group>
  );
}

function RingLike({ band, accents, inlay, look }: { band: BandSpec; accents: AccentLayout | null; inlay: 'black' | 'white' | null; look: Look }) {
  const geometry = useMemo(() => bandGeometry(band, 360), [band]);
  const inlayGeometry = useMemo(() => {
    if (!inlay) return null;
    const hw = band.width * 0.3;
    const frames: SweepFrame[] = Array.from({ length: 360 }, (_, i) => {
      const t = (i / 360) * Math.PI * 2;
      return { origin: [0, 0, 0], a: [Math.sin(t), Math.cos(t), 0], b: [0, 0, 1] };
    });
    return sweepGeometry(frames, () => roundedSection(band.outerRadius - 0.3, band.outerRadius + 0.015, -hw, hw, 0.05), true);
  }, [band, inlay]);
  return (
    <group>
      <mesh geometry={geometry} material={look.metal} />
      {inlayGeometry ? (
        <mesh geometry={inlayGeometry}>
          <meshPhysicalMaterial color={inlay === 'white' ? '#f1efe9' : '#0c0c0d'} roughness={0.18} clearcoat={1} clearcoatRoughness={0.05} />
        </mesh>
      ) : null}
      {accents ? <Accents band={band} accents={accents} look={look} /> : null}
    </group>
  );
}

/* ------------------------------------------------------------------------------------------------ */

export function PieceModel({ design, metal, cube }: { design: PieceDesign; metal: MetalId; cube: CubeTexture }) {
  const material = useMemo(() => metalMaterial(metal), [metal]);
  useLayoutEffect(() => () => material.dispose(), [material]);
  const look: Look = { metal: material, cube };
  switch (design.form) {
    case 'ring':
      return <RingModel design={design} look={look} />;
    case 'earrings':
      return <EarringModel design={design} look={look} />;
    case 'necklace':
      return <NecklaceModel design={design} look={look} />;
    case 'bracelet':
      return <BraceletModel design={design} look={look} />;
  }
}
