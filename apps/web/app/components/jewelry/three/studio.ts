/**
 * A photographer's jewelry studio, built on the spot (no HDR file, no network): a dim room with a bright overhead
 * softbox, tall strip lights either side, a low fill and a few small hot spots for the stones to sparkle with.
 * Polished metal is mostly reflections, so this room is what the metal looks like; the stones refract it.
 */
import {
  BackSide,
  BoxGeometry,
  Color,
  CubeCamera,
  DoubleSide,
  Float32BufferAttribute,
  HalfFloatType,
  LinearMipmapLinearFilter,
  Mesh,
  MeshBasicMaterial,
  PMREMGenerator,
  PlaneGeometry,
  Scene,
  SphereGeometry,
  WebGLCubeRenderTarget,
  type CubeTexture,
  type Texture,
  type WebGLRenderer,
} from 'three';

/** A glowing panel facing the centre: `intensity` above 1 is brighter than white (the maps are half-float). */
function panel(scene: Scene, w: number, h: number, at: [number, number, number], intensity: number, tint = '#ffffff') {
  const color = new Color(tint).multiplyScalar(intensity);
  const mesh = new Mesh(new PlaneGeometry(w, h), new MeshBasicMaterial({ color, side: DoubleSide, toneMapped: false }));
  mesh.position.set(...at);
  mesh.lookAt(0, 0, 0);
  scene.add(mesh);
}

function flag(scene: Scene, w: number, h: number, at: [number, number, number]) {
  const mesh = new Mesh(new PlaneGeometry(w, h), new MeshBasicMaterial({ color: '#24211d', side: DoubleSide, toneMapped: false }));
  mesh.position.set(...at);
  mesh.lookAt(0, 0, 0);
  scene.add(mesh);
}

export function createStudioScene(): Scene {
  const scene = new Scene();
  // The room: light above, warm grey at the horizon, dark below (what a ring reflects from the table it stands on).
  const room = new SphereGeometry(30, 48, 24);
  const colors: number[] = [];
  const top = new Color('#f2efea');
  const mid = new Color('#b5aea5');
  const low = new Color('#8c857b');
  const pos = room.getAttribute('position');
  for (let i = 0; i < pos.count; i++) {
    const y = pos.getY(i) / 30;
    const c = y > 0 ? mid.clone().lerp(top, y ** 0.8) : mid.clone().lerp(low, Math.min(1, -y * 2.2));
    colors.push(c.r, c.g, c.b);
  }
  room.setAttribute('color', new Float32BufferAttribute(colors, 3));
  scene.add(new Mesh(room, new MeshBasicMaterial({ vertexColors: true, side: BackSide, toneMapped: false })));

  panel(scene, 16, 16, [0, 16, 2], 3.2);
  panel(scene, 4, 22, [-14, 3, 6], 6, '#fff8ee');
  panel(scene, 4, 22, [14, 2, -5], 5, '#f4f7ff');
  // Dark flags between the lights: polished metal needs something dark to reflect, or it reads as grey plastic.
  flag(scene, 6, 22, [-10, 1, -12]);
  flag(scene, 6, 22, [11, 1, 10]);
  panel(scene, 16, 4, [0, -3, 15], 1.4, '#fff3e4');
  panel(scene, 10, 2.5, [-2, 6, -15], 3.6);
  // Small hot spots: the fire and scintillation a diamond shows come from bright points like these.
  for (const [x, y, z, k] of [
    [9, 12, 9, 14],
    [-10, 10, -8, 12],
    [4, 14, -10, 10],
    [-7, 13, 10, 12],
  ] as const) {
    const spot = new Mesh(new BoxGeometry(1.2, 1.2, 1.2), new MeshBasicMaterial({ color: new Color('#ffffff').multiplyScalar(k), toneMapped: false }));
    spot.position.set(x, y, z);
    scene.add(spot);
  }
  return scene;
}

export interface Studio {
  /** Prefiltered, for the metal's reflections (scene.environment). */
  environment: Texture;
  /** The sharp cube the stones refract. */
  cube: CubeTexture;
  dispose(): void;
}

export function createStudio(gl: WebGLRenderer, cubeSize = 256): Studio {
  const scene = createStudioScene();
  const pmrem = new PMREMGenerator(gl);
  const target = pmrem.fromScene(scene, 0.012);
  const cubeTarget = new WebGLCubeRenderTarget(cubeSize, { type: HalfFloatType, generateMipmaps: true, minFilter: LinearMipmapLinearFilter });
  const camera = new CubeCamera(0.1, 100, cubeTarget);
  camera.update(gl, scene);
  pmrem.dispose();
  scene.traverse((o) => {
    if (o instanceof Mesh) {
      o.geometry.dispose();
      (o.material as MeshBasicMaterial).dispose();
    }
  });
  return {
    environment: target.texture,
    cube: cubeTarget.texture,
    dispose() {
      target.dispose();
      cubeTarget.dispose();
    },
  };
}
