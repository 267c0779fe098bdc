// Clean-up steps a page gets only when its measurements call for them (page-cleanup.ts decides):
// background normalisation for uneven light (a phone photo's shadow, a photocopy darker at one
// edge) and a majority filter for speckle (a photocopy's flipped pixels). Pure pixel work.

/** Side of the tiles the paper's brightness is measured on, in pixels at ~300 dpi (~5 mm). */
const TILE = 64;

/** Paper brightness per tile: the 90th percentile grey of the tile (text is a minority of any tile). */
function paperLevels(grey: Uint8Array, width: number, height: number, tile: number): { levels: Float64Array; tx: number; ty: number } {
  const tx = Math.ceil(width / tile),
    ty = Math.ceil(height / tile);
  const levels = new Float64Array(tx * ty);
  const hist = new Uint32Array(256);
  for (let j = 0; j < ty; j++) {
    for (let i = 0; i < tx; i++) {
      hist.fill(0);
      let n = 0;
      for (let y = j * tile; y < Math.min(height, (j + 1) * tile); y += 2) {
        for (let x = i * tile; x < Math.min(width, (i + 1) * tile); x += 2) {
          hist[grey[y * width + x]]++;
          n++;
        }
      }
      let acc = 0,
        v = 255;
      for (let g = 0; g < 256; g++) {
        acc += hist[g];
        if (acc >= n * 0.9) {
          v = g;
          break;
        }
      }
      levels[j * tx + i] = v;
    }
  }
  return { levels, tx, ty };
}

/**
 * How uneven the paper's brightness is: the spread (grey levels) between the brightest and darkest
 * tenth of tiles' paper level. A flatbed scan is within ~15; a shadow or a darkened edge is 40+.
 */
export function lightSpread(grey: Uint8Array, width: number, height: number, tile = TILE): number {
  const { levels } = paperLevels(grey, width, height, tile);
  const sorted = Float64Array.from(levels).sort();
  return sorted[Math.floor(sorted.length * 0.9)] - sorted[Math.floor(sorted.length * 0.1)];
}

/**
 * Divides out the paper's brightness, measured per tile and interpolated between tile centres, so
 * the paper reads white everywhere and ink keeps its contrast to the paper around it.
 */
export function normaliseBackground(grey: Uint8Array, width: number, height: number, tile = TILE): Uint8Array {
  const { levels, tx, ty } = paperLevels(grey, width, height, tile);
  const out = new Uint8Array(grey.length);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(ty - 1, Math.max(0, (y - tile / 2) / tile));
    const j0 = Math.floor(fy),
      j1 = Math.min(ty - 1, j0 + 1),
      v = fy - j0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(tx - 1, Math.max(0, (x - tile / 2) / tile));
      const i0 = Math.floor(fx),
        i1 = Math.min(tx - 1, i0 + 1),
        u = fx - i0;
      const bg = (levels[j0 * tx + i0] * (1 - u) + levels[j0 * tx + i1] * u) * (1 - v) + (levels[j1 * tx + i0] * (1 - u) + levels[j1 * tx + i1] * u) * v;
      out[y * width + x] = Math.min(255, Math.round((grey[y * width + x] * 255) / Math.max(1, bg)));
    }
  }
  return out;
}

/**
 * Share of the page's pixels that are ink with no ink among their 8 neighbours: a clean page at
 * 300 dpi has almost none (the smallest printed mark, a full stop, is several pixels); a speckled
 * photocopy has 0.3% and more.
 */
export function isolatedInk(bin: Uint8Array, width: number, height: number): number {
  let n = 0,
    seen = 0;
  for (let y = 1; y < height - 1; y += 2) {
    for (let x = 1; x < width - 1; x++) {
      seen++;
      const i = y * width + x;
      if (!bin[i]) continue;
      if (!(bin[i - 1] | bin[i + 1] | bin[i - width] | bin[i + width] | bin[i - width - 1] | bin[i - width + 1] | bin[i + width - 1] | bin[i + width + 1])) n++;
    }
  }
  return seen ? n / seen : 0;
}

/**
 * The 3 x 3 median of a binary page (ink where 5 or more of the 9 pixels are ink): flipped pixels go,
 * strokes of 2 px and more stay (a 10-point stroke is ~3 px at 300 dpi). In place; returns the page.
 */
export function majority3(bin: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(bin.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const s =
        bin[i - width - 1] + bin[i - width] + bin[i - width + 1] + bin[i - 1] + bin[i] + bin[i + 1] + bin[i + width - 1] + bin[i + width] + bin[i + width + 1];
      out[i] = s >= 5 ? 1 : 0;
    }
  }
  bin.set(out);
  return bin;
}
