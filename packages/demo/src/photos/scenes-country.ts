import { darken, lighten, litColor, mix, type Light } from './color.js';
import { drawCropField, type Crop } from './fields.js';
import { addRoundTree, drawForestBand, drawGrassForeground, Grove } from './flora.js';
import { sunSide, type SceneContext } from './scene.js';
import { drawClouds, drawSky } from './sky.js';
import { polygon, areaUnder, type Point, type Svg } from './svg.js';
import { drawHills, drawMist, ridge } from './terrain.js';

export function fieldScene({ svg, random, light }: SceneContext, crop: Crop, hillColors: string[]): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.42, 0.52);
  const sunX = sunSide(random, W);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, {
    count: random.int(2, 6),
    streaks: light.sunHeight < 0.1,
  });
  drawHills(svg, random.fork('hills'), light, {
    layers: 3,
    farBase: horizon - H * 0.02,
    nearBase: horizon + H * 0.04,
    amplitude: H * 0.08,
    colors: hillColors,
    bottom: H,
  });
  if (random.chance(0.6))
    drawFarmhouse(svg, light, W * random.range(0.15, 0.85), horizon + H * 0.045, W * 0.05);
  drawCropField(svg, random.fork('crop'), light, crop, {
    horizon,
    top: horizon + H * 0.05,
    vanishX: W * random.range(0.35, 0.65),
    sunLeft: sunX < W / 2,
  });
}

/** A white farmhouse with a tiled roof, as in the Spanish countryside. */
function drawFarmhouse(svg: Svg, light: Light, x: number, groundY: number, width: number): void {
  const h = width * 0.45;
  const wall = litColor('#f2eee4', light, 0.6);
  svg.rect(x - width / 2, groundY - h, width, h, wall);
  svg.rect(x + width * 0.1, groundY - h * 1.25, width * 0.35, h * 0.25, wall);
  svg.path(
    polygon([
      [x - width * 0.55, groundY - h],
      [x - width * 0.45, groundY - h * 1.35],
      [x + width * 0.1, groundY - h * 1.35],
      [x + width * 0.05, groundY - h],
    ]),
    litColor('#a4502e', light, 0.6),
  );
  svg.rect(x - width * 0.3, groundY - h * 0.6, width * 0.08, h * 0.3, darken(wall, 0.6));
  svg.rect(x + width * 0.15, groundY - h * 0.6, width * 0.08, h * 0.3, darken(wall, 0.6));
}

/** Extremadura's dehesa: golden grass, scattered holm oaks. */
export function dehesaScene({ svg, random, light }: SceneContext): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.5, 0.58);
  const sunX = sunSide(random, W);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, {
    count: random.int(3, 7),
    streaks: light.sunHeight < 0.1,
  });
  drawHills(svg, random.fork('hills'), light, {
    layers: 2,
    farBase: horizon - H * 0.01,
    nearBase: horizon + H * 0.02,
    amplitude: H * 0.03,
    colors: ['#7c7a4e', '#b59a55'],
    bottom: H,
  });
  svg.rect(
    0,
    horizon + H * 0.02,
    W,
    H,
    svg.linear([
      [0, litColor('#c9a75a', light, 0.6)],
      [1, litColor('#a88a3f', light, 1)],
    ]),
  );
  const trees = Array.from({ length: 26 }, () => ({
    x: random.range(-0.05, 1.05) * W,
    d: Math.pow(random.next(), 1.5),
  }));
  trees.sort((a, b) => a.d - b.d);
  const grove = new Grove(svg);
  for (const tree of trees) {
    const y = horizon + H * 0.025 + tree.d * (H - horizon) * 0.85;
    addRoundTree(grove, random, tree.x, y, W * (0.012 + tree.d * 0.13), {
      leaf: litColor('#4b5a2c', light, 0.5 + tree.d / 2),
      trunk: litColor('#3b2f22', light, 1),
      light,
      sunLeft: sunX < W / 2,
      shadow: true,
      flat: 0.6,
    });
    grove.flush();
  }
  drawGrassForeground(svg, random.fork('grass'), litColor('#8a6d2c', light, 1), H * 0.05);
}

/** Conifer ridges fading into mist, or a beech wood in autumn colours. */
export function forestScene({ svg, random, light }: SceneContext, autumn: boolean): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.38, 0.46);
  const sunX = sunSide(random, W);
  drawSky(svg, random, light, horizon, sunX);
  const layers = 5;
  for (let layer = 0; layer < layers; layer++) {
    const depth = layer / (layers - 1);
    const line = ridge(random.fork(`f${layer}`), W, {
      base: horizon + depth * H * 0.42,
      amplitude: H * (0.12 - depth * 0.05),
      roughness: 0.4,
      summits: 2,
    });
    const yAt = (x: number) => line[Math.min(256, Math.max(0, Math.round((x / W) * 256)))]![1];
    const color = litColor(autumn ? '#2f3d23' : '#1d3a28', light, 0.2 + depth * 0.8);
    svg.path(areaUnder(line, H), color);
    if (autumn && depth > 0.2) {
      const palette = ['#c0522a', '#d88a2e', '#e0b03c', '#9a3a22', '#6f7a2c'];
      const grove = new Grove(svg);
      for (let tier = 0; tier < 3; tier++) {
        for (let x = -20; x < W + 20; x += W * (0.012 + depth * 0.03) * random.range(0.7, 1.2)) {
          const size = W * (0.025 + depth * 0.06);
          addRoundTree(grove, random, x, yAt(x) + size * (0.5 + tier * 0.45), size, {
            leaf: litColor(random.pick(palette), light, 0.4 + depth * 0.6),
            trunk: darken(color, 0.3),
            light,
            sunLeft: sunX < W / 2,
          });
        }
        grove.flush();
      }
    } else {
      drawForestBand(svg, random.fork(`t${layer}`), {
        y: yAt,
        height: H * (0.05 + depth * 0.16),
        density: 1.4,
        color,
      });
    }
    if (layer < layers - 1)
      drawMist(svg, light, horizon + (depth + 0.12) * H * 0.42, H * 0.05, 0.5 - depth * 0.2);
  }
  svg.rect(
    0,
    0,
    W,
    H,
    svg.linear([
      [0, lighten(light.haze, 0.2), 0],
      [0.6, lighten(light.haze, 0.2), 0.08],
      [1, light.haze, 0],
    ]),
  );
}

/** Bardenas Reales: eroded clay mesas and chimneys in a semi-desert. */
export function badlandsScene({ svg, random, light }: SceneContext): void {
  const { width: W, height: H } = svg;
  const horizon = H * random.range(0.55, 0.62);
  const sunX = sunSide(random, W);
  drawSky(svg, random, light, horizon, sunX);
  drawClouds(svg, random.fork('clouds'), light, horizon, { count: random.int(1, 4), streaks: true });
  const clay = ['#c89a6a', '#b88558', '#d6b07e'];
  svg.rect(
    0,
    horizon,
    W,
    H - horizon,
    svg.linear([
      [0, litColor('#c9a878', light, 0.5)],
      [0.4, litColor('#bf9a6a', light, 0.85)],
      [1, litColor('#a27d52', light, 1)],
    ]),
  );
  for (let i = 0; i < 8; i++) {
    const depth = i / 7;
    const cx = random.range(-0.05, 1.05) * W;
    const baseY = horizon + 2 + Math.pow(depth, 1.5) * H * 0.2;
    const topW = W * random.range(0.03, 0.12) * (0.4 + depth);
    const h = H * random.range(0.05, 0.14) * (0.5 + depth);
    const color = litColor(random.pick(clay), light, 0.3 + depth * 0.7);
    // Eroded flanks: a cap of harder rock, then stepped, gullied slopes spreading to the plain.
    const left: Point[] = [];
    const right: Point[] = [];
    for (let k = 0; k <= 6; k++) {
      const t = k / 6;
      const spread = topW / 2 + Math.pow(t, 1.6) * topW * random.range(0.9, 1.6);
      left.push([cx - spread + random.range(-1, 1) * topW * 0.05, baseY - h + t * h]);
      right.push([cx + spread + random.range(-1, 1) * topW * 0.05, baseY - h + t * h]);
    }
    const shape = polygon([...left.reverse(), ...right]);
    svg.path(
      shape,
      svg.linear([
        [0, lighten(color, 0.08)],
        [1, darken(color, 0.1)],
      ]),
    );
    svg.rect(cx - topW / 2 - 2, baseY - h - h * 0.06, topW + 4, h * 0.08, darken(color, 0.25));
    const clip = svg.clip(`<path d="${shape}"/>`);
    const lines: string[] = [];
    for (let k = 1; k < 7; k++)
      lines.push(`M${cx - topW * 3},${(baseY - h + (h * k) / 7).toFixed(1)}h${topW * 6}`);
    for (let k = 0; k < 10; k++) {
      const x = cx + random.range(-1.5, 1.5) * topW;
      lines.push(
        `M${x.toFixed(1)},${(baseY - h * 0.9).toFixed(1)}l${random.range(-6, 6).toFixed(1)},${(h * 0.9).toFixed(1)}`,
      );
    }
    svg.group(`clip-path="${clip}"`, () => {
      svg.path(
        lines.join(''),
        'none',
        `stroke="${darken(color, 0.22)}" stroke-width="${(0.8 + depth * 2).toFixed(1)}" opacity="0.45"`,
      );
      const shadeX = sunX < W / 2 ? cx : cx - topW * 3;
      svg.rect(shadeX, baseY - h * 1.2, topW * 3, h * 1.3, '#000000', 'opacity="0.14"');
    });
  }
  const cracks: string[] = [];
  for (let i = 0; i < 90; i++) {
    const y = horizon + H * 0.22 + Math.pow(random.next(), 0.8) * H * 0.36;
    const x = random.next() * W;
    cracks.push(
      `M${x.toFixed(1)},${y.toFixed(1)}l${random.range(-40, 40).toFixed(1)},${random.range(-3, 3).toFixed(1)}`,
    );
  }
  svg.path(
    cracks.join(''),
    'none',
    `stroke="${litColor('#7d5c3b', light, 1)}" stroke-width="1.5" opacity="0.4"`,
  );
  const shrubs: string[] = [];
  for (let i = 0; i < 40; i++) {
    const d = random.next();
    const r = 2 + d * 16;
    const x = random.next() * W;
    const y = horizon + H * 0.22 + d * H * 0.38;
    shrubs.push(
      `M${(x - r).toFixed(1)},${y.toFixed(1)}a${r.toFixed(1)},${(r * 0.6).toFixed(1)} 0 1,1 ${(2 * r).toFixed(1)},0z`,
    );
  }
  svg.path(shrubs.join(''), litColor(mix('#6b6a3a', '#4a4a2a', 0.5), light, 1));
}
