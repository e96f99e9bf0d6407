import type { Random } from '../random.js';
import { darken, litColor, mix, type Light } from './color.js';
import { addRoundTree, Grove } from './flora.js';
import { polygon, type Point, type Svg } from './svg.js';

export type Crop = 'sunflowers' | 'vineyard' | 'olives' | 'lavender' | 'wheat';

const SOIL: Record<Crop, string> = {
  sunflowers: '#5d6b2a',
  vineyard: '#8a5a3c',
  olives: '#b58a5a',
  lavender: '#7a6a4a',
  wheat: '#d8b25c',
};
const PLANT: Record<Crop, string> = {
  sunflowers: '#f2b705',
  vineyard: '#4f7a26',
  olives: '#76844f',
  lavender: '#7b5aa6',
  wheat: '#f0d27a',
};
/** Distance between rows at the bottom of the frame, as a fraction of its width. */
const ROW_SPACING: Record<Crop, number> = {
  sunflowers: 0.045,
  vineyard: 0.11,
  olives: 0.2,
  lavender: 0.1,
  wheat: 0,
};

export interface FieldGeometry {
  horizon: number;
  /** Where the field starts (it may begin a little below the horizon, behind hills). */
  top: number;
  vanishX: number;
  sunLeft: boolean;
}

/** A field in perspective: rows converge on a vanishing point on the horizon and cover the frame's width. */
export function drawCropField(svg: Svg, random: Random, light: Light, crop: Crop, g: FieldGeometry): void {
  const { width: W, height: H } = svg;
  const soil = litColor(SOIL[crop], light, 1);
  const plant = litColor(PLANT[crop], light, 0.9);
  // Far away the rows blend into one colour; near, the soil shows between them.
  svg.rect(
    0,
    g.top,
    W,
    H - g.top,
    svg.linear([
      [0, mix(litColor(PLANT[crop], light, 0.5), soil, 0.3)],
      [0.35, mix(plant, soil, 0.55)],
      [1, soil],
    ]),
  );
  if (crop === 'wheat') return drawWheat(svg, random, light, g);

  const spacing = ROW_SPACING[crop] * W;
  const scaleAt = (y: number) => (y - g.horizon) / (H - g.horizon);
  const xAt = (row: number, y: number) => g.vanishX + row * spacing * scaleAt(y);
  const topScale = scaleAt(g.top);
  const rows: number[] = [];
  const maxRow = Math.ceil((W * 1.2) / (spacing * topScale));
  for (let row = -maxRow; row <= maxRow; row++) {
    const xs = [xAt(row, g.top), xAt(row, H)];
    if (Math.max(...xs) < -W * 0.1 || Math.min(...xs) > W * 1.1) continue;
    rows.push(row + 0.5);
  }

  if (crop === 'vineyard' || crop === 'lavender') {
    const bands: string[] = [];
    const thickness = crop === 'lavender' ? 0.55 : 0.35;
    for (const row of rows) {
      const left: Point[] = [];
      const right: Point[] = [];
      for (let i = 0; i <= 30; i++) {
        const y = g.top + (H - g.top) * Math.pow(i / 30, 1.6);
        const x = xAt(row, y);
        const w = spacing * scaleAt(y) * thickness * (1 + 0.18 * Math.sin(i * 2.7 + row));
        const h = w * (crop === 'lavender' ? 0.7 : 0.9);
        left.push([x - w / 2, y - h]);
        right.push([x + w / 2, y]);
      }
      bands.push(polygon([...left, ...right.reverse()]));
    }
    svg.path(bands.join(''), plant);
    return;
  }

  if (crop === 'olives') {
    const trees: Array<[number, number]> = [];
    for (const row of rows) {
      for (let y = g.top + 2; y < H * 1.05;) {
        trees.push([xAt(row, y) + random.range(-0.08, 0.08) * spacing * scaleAt(y), y]);
        y += spacing * scaleAt(y) * 0.55 + 1.5;
      }
    }
    trees.sort((a, b) => a[1] - b[1]);
    // Drawn a row band at a time, back to front, so nearer trees cover farther ones.
    const grove = new Grove(svg);
    let bandY = g.top;
    for (const [x, y] of trees) {
      const size = spacing * scaleAt(y) * 0.42;
      if (y - bandY > size * 0.6) {
        grove.flush();
        bandY = y;
      }
      if (x < -size || x > W + size) continue;
      addRoundTree(grove, random, x, y, size, {
        leaf: plant,
        trunk: litColor('#4a3a2a', light, 1),
        light,
        sunLeft: g.sunLeft,
        shadow: true,
        flat: 0.75,
      });
    }
    grove.flush();
    return;
  }

  // Sunflowers: leaves, then heads facing the viewer with dark centres, growing with perspective.
  const leaves: string[] = [];
  const heads: string[] = [];
  const centres: string[] = [];
  const disc = (x: number, y: number, rx: number, ry: number) =>
    `M${(x - rx).toFixed(1)},${y.toFixed(1)}a${rx.toFixed(1)},${ry.toFixed(1)} 0 1,0 ${(2 * rx).toFixed(1)},0a${rx.toFixed(1)},${ry.toFixed(1)} 0 1,0 ${(-2 * rx).toFixed(1)},0`;
  for (const row of rows) {
    for (let y = g.top + (H - g.top) * 0.12; y < H * 1.05;) {
      const s = scaleAt(y);
      const x = xAt(row, y) + random.range(-0.15, 0.15) * spacing * s;
      const r = spacing * s * 0.42;
      y += spacing * s * 0.5;
      if (x < -r * 2 || x > W + r * 2) continue;
      leaves.push(
        disc(x + r * 0.6, y + r * 0.9, r * 0.9, r * 0.5),
        disc(x - r * 0.7, y + r * 1.1, r * 0.8, r * 0.45),
      );
      heads.push(disc(x, y, r, r * 0.9));
      centres.push(disc(x + r * 0.05, y + r * 0.05, r * 0.45, r * 0.42));
    }
  }
  svg.path(leaves.join(''), darken(litColor('#4d6b22', light, 0.9), 0.1));
  svg.path(heads.join(''), plant);
  svg.path(centres.join(''), litColor('#4a2c12', light, 0.9));
}

function drawWheat(svg: Svg, random: Random, light: Light, g: FieldGeometry): void {
  const { width: W, height: H } = svg;
  const strokes: string[] = [];
  for (let i = 0; i < 2600; i++) {
    const d = Math.pow(random.next(), 0.7);
    const y = g.top + d * (H - g.top);
    const h = 2 + d * d * 38;
    strokes.push(
      `M${(random.next() * W).toFixed(1)},${y.toFixed(1)}l${(random.range(-0.2, 0.2) * h).toFixed(1)},${(-h).toFixed(1)}`,
    );
  }
  svg.path(
    strokes.join(''),
    'none',
    `stroke="${litColor('#f0d27a', light, 0.8)}" stroke-width="1.3" opacity="0.55"`,
  );
  const poppies: string[] = [];
  for (let i = 0; i < 160; i++) {
    const d = 0.45 + random.next() * 0.55;
    const y = g.top + d * (H - g.top);
    const r = 1 + d * d * 7;
    poppies.push(
      `M${(random.next() * W).toFixed(1)},${y.toFixed(1)}m-${r.toFixed(1)},0a${r.toFixed(1)},${r.toFixed(1)} 0 1,0 ${(2 * r).toFixed(1)},0a${r.toFixed(1)},${r.toFixed(1)} 0 1,0 -${(2 * r).toFixed(1)},0`,
    );
  }
  svg.path(poppies.join(''), litColor('#d7261e', light, 0.9));
}
