import type { Random } from '../random.js';
import { darken, lighten, mix, type Light } from './color.js';
import { ellipsePath, polygon, type Point, type Svg } from './svg.js';

/** A fir or pine: a jagged cone of branches on a thin trunk, as the path data only. */
export function coniferPath(random: Random, x: number, baseY: number, height: number): string {
  const width = height * random.range(0.28, 0.38);
  const tiers = Math.max(4, Math.round(height / 9));
  const left: Point[] = [];
  const right: Point[] = [];
  for (let i = 0; i <= tiers; i++) {
    const t = i / tiers;
    const y = baseY - height + t * height * 0.9;
    const w = (width / 2) * t;
    left.push([x - w * random.range(0.95, 1.15), y], [x - w * 0.55, y + (height * 0.9) / tiers / 2]);
    right.push([x + w * random.range(0.95, 1.15), y], [x + w * 0.55, y + (height * 0.9) / tiers / 2]);
  }
  const trunk = Math.max(1, height * 0.03);
  return polygon([
    [x, baseY - height * 1.02],
    ...right,
    [x + trunk, baseY - height * 0.1],
    [x + trunk, baseY],
    [x - trunk, baseY],
    [x - trunk, baseY - height * 0.1],
    ...left.reverse(),
  ]);
}

/** A row of forest standing on a ridge-like line, all in one path for speed. */
export function drawForestBand(
  svg: Svg,
  random: Random,
  options: { y: (x: number) => number; height: number; density: number; color: string; opacity?: number },
): void {
  const paths: string[] = [];
  const step = (options.height * 0.22) / options.density;
  for (let x = -step; x < svg.width + step; x += step * random.range(0.6, 1.4)) {
    const h = options.height * random.range(0.6, 1.25);
    paths.push(coniferPath(random, x, options.y(x) + h * 0.15, h));
  }
  svg.path(
    paths.join(''),
    options.color,
    options.opacity === undefined ? '' : `opacity="${options.opacity}"`,
  );
}

/**
 * Broadleaf trees collected by colour and layer, then drawn as one path per colour: thousands of
 * blobs as a handful of elements keep the rasteriser fast. `flush` draws what was added so far.
 */
export class Grove {
  private readonly layers = new Map<string, { order: number; fill: string; opacity: number; d: string[] }>();

  constructor(private readonly svg: Svg) {}

  add(order: number, fill: string, d: string, opacity = 1): void {
    const key = `${order}|${fill}|${opacity}`;
    let layer = this.layers.get(key);
    if (!layer) this.layers.set(key, (layer = { order, fill, opacity, d: [] }));
    layer.d.push(d);
  }

  flush(): void {
    const layers = [...this.layers.values()].sort((a, b) => a.order - b.order);
    for (const layer of layers) {
      this.svg.path(layer.d.join(''), layer.fill, layer.opacity === 1 ? '' : `opacity="${layer.opacity}"`);
    }
    this.layers.clear();
  }
}

/** A broadleaf canopy (beech, chestnut, holm oak, olive) made of overlapping blobs with a lit side. */
export function addRoundTree(
  grove: Grove,
  random: Random,
  x: number,
  baseY: number,
  size: number,
  colors: { leaf: string; trunk: string; light: Light; sunLeft: boolean; shadow?: boolean; flat?: number },
): void {
  const flat = colors.flat ?? 1;
  const crownY = baseY - size * 0.75 * flat;
  if (colors.shadow) {
    const dx = colors.sunLeft ? size * 0.5 : -size * 0.5;
    grove.add(0, '#000000', ellipsePath(x + dx, baseY, size * 0.75, size * 0.13), 0.28);
  }
  const trunk = polygon([
    [x - size * 0.05, baseY],
    [x - size * 0.03, crownY],
    [x + size * 0.04, crownY],
    [x + size * 0.06, baseY],
  ]);
  grove.add(1, colors.trunk, trunk);
  const dark = darken(colors.leaf, 0.3);
  const bright = lighten(mix(colors.leaf, colors.light.tint, 0.3), 0.12);
  const blobs = random.int(5, 8);
  const side = colors.sunLeft ? -1 : 1;
  for (let i = 0; i < blobs; i++) {
    const cx = x + random.range(-0.55, 0.55) * size;
    const cy = crownY + random.range(-0.25, 0.2) * size * flat;
    grove.add(
      2,
      dark,
      ellipsePath(cx, cy, size * random.range(0.3, 0.45), size * random.range(0.25, 0.38) * flat),
    );
  }
  for (let i = 0; i < blobs - 2; i++) {
    const cx = x + (random.range(-0.4, 0.3) + side * 0.12) * size;
    const cy = crownY + random.range(-0.35, 0.05) * size * flat;
    grove.add(
      3,
      colors.leaf,
      ellipsePath(cx, cy, size * random.range(0.2, 0.32), size * random.range(0.16, 0.26) * flat),
    );
  }
  for (let i = 0; i < 3; i++) {
    const cx = x + (side * 0.25 + random.range(-0.15, 0.15)) * size;
    const cy = crownY - size * random.range(0.1, 0.3) * flat;
    grove.add(4, bright, ellipsePath(cx, cy, size * 0.14, size * 0.1 * flat), 0.8);
  }
}

/** Tufts of grass along the bottom edge: a dark, near foreground that gives the photo depth. */
export function drawGrassForeground(svg: Svg, random: Random, color: string, height: number): void {
  const blades: string[] = [];
  for (let x = -10; x < svg.width + 10; x += random.range(2, 6)) {
    const h = height * random.range(0.3, 1);
    const lean = random.range(-0.35, 0.35) * h;
    const w = random.range(2, 5);
    blades.push(
      `M${x.toFixed(1)},${svg.height}q${(lean / 2).toFixed(1)},${(-h / 2).toFixed(1)} ${lean.toFixed(1)},${(-h).toFixed(1)}q${(-lean / 3).toFixed(1)},${(h / 2).toFixed(1)} ${w.toFixed(1)},${h.toFixed(1)}z`,
    );
  }
  svg.path(blades.join(''), color);
}
