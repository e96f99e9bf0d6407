import sharp from 'sharp';
import { darken, lighten, LIGHTS, mix } from './photos/color.js';
import { Svg } from './photos/svg.js';
import { drawVehicleSide } from './photos/vehicles.js';
import type { Random } from './random.js';

const AVATAR_PX = 320;
const SKIN = ['#f2d0b5', '#e8b894', '#d9a27c', '#c68863', '#a86e4c', '#8a5638'];
const HAIR = ['#2b1d14', '#4a3020', '#6b4428', '#a0703c', '#d2a85c', '#8c8c8c', '#1d1d22', '#7a2e1e'];
const SHIRTS = ['#c2542d', '#1f6f78', '#3b5b8c', '#7a2f3a', '#5c7a3a', '#d49a2a', '#444a58', '#8a5aa0'];
const BACKDROPS = [
  ['#f6c89f', '#e98a5a'],
  ['#a8d5d1', '#4f9a94'],
  ['#c9d8ef', '#7a9cc9'],
  ['#f3e0a8', '#d8a84a'],
  ['#d7c8e8', '#9a7ab8'],
  ['#cfe3c0', '#7aa860'],
];

export type AvatarStyle = 'portrait' | 'van';

/** An illustrated head-and-shoulders portrait (or a motorhome badge), square, for a round crop. */
function avatarSvg(random: Random, style: AvatarStyle): string {
  const size = AVATAR_PX;
  const svg = new Svg(size, size);
  const [light, deep] = random.pick(BACKDROPS);
  svg.rect(
    0,
    0,
    size,
    size,
    svg.radial(
      [
        [0, light!],
        [1, deep!],
      ],
      0.5,
      0.35,
      0.85,
    ),
  );
  if (style === 'van') {
    svg.circle(size / 2, size * 0.62, size * 0.5, lighten(deep!, 0.2), 'opacity="0.5"');
    drawVehicleSide(svg, LIGHTS.noon, {
      kind: random.chance(0.5) ? 'camper' : 'capuchina',
      x: size * 0.12,
      groundY: size * 0.68,
      length: size * 0.76,
      stripe: random.pick(SHIRTS),
    });
    return svg.toString();
  }
  const skin = random.pick(SKIN);
  const hair = random.pick(HAIR);
  const shirt = random.pick(SHIRTS);
  const longHair = random.chance(0.45);
  const cx = size / 2;
  const headY = size * 0.44;
  const headR = size * 0.17;
  if (longHair)
    svg.path(
      `M${cx - headR * 1.25},${headY}Q${cx - headR * 1.4},${size * 0.78} ${cx - headR * 0.6},${size * 0.8}L${cx + headR * 0.6},${size * 0.8}Q${cx + headR * 1.4},${size * 0.78} ${cx + headR * 1.25},${headY}Z`,
      darken(hair, 0.1),
    );
  svg.path(
    `M${size * 0.14},${size}Q${size * 0.18},${size * 0.72} ${cx},${size * 0.7}Q${size * 0.82},${size * 0.72} ${size * 0.86},${size}Z`,
    shirt,
  );
  svg.path(
    `M${cx - headR * 0.45},${headY + headR * 0.7}L${cx - headR * 0.4},${size * 0.72}Q${cx},${size * 0.78} ${cx + headR * 0.4},${size * 0.72}L${cx + headR * 0.45},${headY + headR * 0.7}Z`,
    darken(skin, 0.12),
  );
  svg.ellipse(cx, headY, headR, headR * 1.18, skin);
  svg.ellipse(cx - headR, headY + headR * 0.1, headR * 0.16, headR * 0.24, darken(skin, 0.05));
  svg.ellipse(cx + headR, headY + headR * 0.1, headR * 0.16, headR * 0.24, darken(skin, 0.05));
  const hat = random.chance(0.2);
  if (hat) {
    const cap = random.pick(SHIRTS);
    svg.path(
      `M${cx - headR * 1.08},${headY - headR * 0.3}Q${cx},${headY - headR * 1.9} ${cx + headR * 1.08},${headY - headR * 0.3}Z`,
      cap,
    );
    svg.path(
      `M${cx - headR * 0.2},${headY - headR * 0.35}L${cx + headR * 1.7},${headY - headR * 0.2}L${cx + headR * 1.05},${headY - headR * 0.45}Z`,
      darken(cap, 0.2),
    );
  } else if (random.chance(0.12)) {
    svg.path(
      `M${cx - headR * 0.9},${headY - headR * 0.7}Q${cx},${headY - headR * 1.25} ${cx + headR * 0.9},${headY - headR * 0.7}`,
      'none',
      `stroke="${hair}" stroke-width="${headR * 0.12}" opacity="0.6"`,
    );
  } else {
    svg.path(
      `M${cx - headR * 1.05},${headY + headR * 0.1}Q${cx - headR * 1.2},${headY - headR * 1.3} ${cx},${headY - headR * 1.22}Q${cx + headR * 1.2},${headY - headR * 1.3} ${cx + headR * 1.05},${headY + headR * 0.1}Q${cx + headR * 0.8},${headY - headR * 0.55} ${cx + headR * 0.1},${headY - headR * 0.62}Q${cx - headR * 0.7},${headY - headR * 0.5} ${cx - headR * 1.05},${headY + headR * 0.1}Z`,
      hair,
    );
    if (random.chance(0.2)) svg.circle(cx, headY - headR * 1.25, headR * 0.38, hair);
  }
  const eyeY = headY + headR * 0.08;
  svg.circle(cx - headR * 0.38, eyeY, headR * 0.09, '#2a2220');
  svg.circle(cx + headR * 0.38, eyeY, headR * 0.09, '#2a2220');
  svg.path(
    `M${cx - headR * 0.6},${eyeY - headR * 0.28}q${headR * 0.22},${-headR * 0.1} ${headR * 0.42},0M${cx + headR * 0.18},${eyeY - headR * 0.28}q${headR * 0.22},${-headR * 0.1} ${headR * 0.42},0`,
    'none',
    `stroke="${darken(hair, 0.2)}" stroke-width="${headR * 0.07}" stroke-linecap="round"`,
  );
  if (!longHair && random.chance(0.35)) {
    svg.path(
      `M${cx - headR * 0.85},${headY + headR * 0.25}Q${cx - headR * 0.8},${headY + headR * 1.3} ${cx},${headY + headR * 1.25}Q${cx + headR * 0.8},${headY + headR * 1.3} ${cx + headR * 0.85},${headY + headR * 0.25}Q${cx},${headY + headR * 0.75} ${cx - headR * 0.85},${headY + headR * 0.25}Z`,
      mix(hair, skin, 0.15),
    );
  }
  svg.path(
    `M${cx - headR * 0.3},${headY + headR * 0.55}Q${cx},${headY + headR * 0.78} ${cx + headR * 0.3},${headY + headR * 0.55}`,
    'none',
    `stroke="#7a3a2a" stroke-width="${headR * 0.08}" stroke-linecap="round"`,
  );
  svg.ellipse(
    cx - headR * 0.55,
    headY + headR * 0.45,
    headR * 0.16,
    headR * 0.09,
    '#e0705a',
    'opacity="0.25"',
  );
  svg.ellipse(
    cx + headR * 0.55,
    headY + headR * 0.45,
    headR * 0.16,
    headR * 0.09,
    '#e0705a',
    'opacity="0.25"',
  );
  if (random.chance(0.3)) {
    const frame = `fill="none" stroke="#1d1d22" stroke-width="${headR * 0.06}"`;
    svg.add(
      `<circle cx="${cx - headR * 0.38}" cy="${eyeY}" r="${headR * 0.24}" ${frame}/><circle cx="${cx + headR * 0.38}" cy="${eyeY}" r="${headR * 0.24}" ${frame}/>`,
    );
    svg.path(
      `M${cx - headR * 0.14},${eyeY}h${headR * 0.28}`,
      'none',
      `stroke="#1d1d22" stroke-width="${headR * 0.06}"`,
    );
  }
  return svg.toString();
}

/** A profile picture as WebP. */
export function renderAvatar(random: Random, style: AvatarStyle): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(random, style)))
    .webp({ quality: 82 })
    .toBuffer();
}

/** A square avatar cut from one of the landscape photos (many travellers use one). */
export function cropAvatar(photo: Buffer, random: Random): Promise<Buffer> {
  return sharp(photo)
    .resize(AVATAR_PX, AVATAR_PX, {
      fit: 'cover',
      position: random.pick(['centre', 'left', 'right', 'bottom']),
    })
    .webp({ quality: 80 })
    .toBuffer();
}

/** A 3:1 profile cover cut from a landscape photo. */
export function cropCover(photo: Buffer, random: Random): Promise<Buffer> {
  return sharp(photo)
    .resize(1500, 500, { fit: 'cover', position: random.pick(['centre', 'top', 'bottom']) })
    .webp({ quality: 78 })
    .toBuffer();
}
