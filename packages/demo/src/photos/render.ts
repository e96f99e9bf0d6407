import sharp from 'sharp';
import { createRandom } from '../random.js';

const GRAIN_TILE = 256;
let grainTile: Promise<Buffer> | undefined;

/** A tile of film grain around mid-grey: overlaid, it only roughens the image. */
function grain(): Promise<Buffer> {
  grainTile ??= (async () => {
    const random = createRandom('grain');
    const pixels = Buffer.alloc(GRAIN_TILE * GRAIN_TILE * 3);
    for (let i = 0; i < GRAIN_TILE * GRAIN_TILE; i++) {
      const v = 128 + (random.next() + random.next() + random.next() - 1.5) * 24;
      const tint = (random.next() - 0.5) * 6;
      pixels[i * 3] = v + tint;
      pixels[i * 3 + 1] = v;
      pixels[i * 3 + 2] = v - tint;
    }
    return sharp(pixels, { raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 3 } })
      .png()
      .toBuffer();
  })();
  return grainTile;
}

/** Rasterises a scene and finishes it like a photo: a touch of softness and film grain. JPEG out. */
export async function renderPhoto(svgMarkup: string): Promise<Buffer> {
  // sharp applies the composite after the blur, so the grain stays crisp.
  return sharp(Buffer.from(svgMarkup))
    .blur(0.5)
    .composite([{ input: await grain(), tile: true, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}
