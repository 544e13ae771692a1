// Georeference of the printed map (map-facts.md): a spherical Lambert conformal conic
// (R = 6371 km, standard parallels 49N and 54N, origin 51.5N 14E) followed by a fitted affine
// transform to fractional (row, col) map units. Even rows carry the half-column stagger in the
// fractional column (see hexToRowCol), so a hex centre is (row, col + 0.5 on even rows).
// Pure: used by the map build (forward) and by labels/tools (inverse).
import { hexToRowCol, rowColToHex, SQRT3 } from './hex.js';
import type { HexId } from './types.js';

const R = 6371;
const DEG = Math.PI / 180;
const PHI1 = 49 * DEG;
const PHI2 = 54 * DEG;
const PHI0 = 51.5 * DEG;
const LAM0 = 14 * DEG;

const N =
  Math.log(Math.cos(PHI1) / Math.cos(PHI2)) /
  Math.log(Math.tan(Math.PI / 4 + PHI2 / 2) / Math.tan(Math.PI / 4 + PHI1 / 2));
const F = (Math.cos(PHI1) * Math.tan(Math.PI / 4 + PHI1 / 2) ** N) / N;
const RHO0 = (R * F) / Math.tan(Math.PI / 4 + PHI0 / 2) ** N;

// row = A*x + B*y + C ; col = D*x + E*y + G  (x, y in km)
const A = 0.00101;
const B = 0.04727;
const C = 18.773;
const D = 0.0413;
const E = -0.00063;
const G = 23.943;
const DET = A * E - B * D;

/** Lambert conformal conic, km. */
export function lccForward(lat: number, lon: number): { x: number; y: number } {
  const rho = (R * F) / Math.tan(Math.PI / 4 + (lat * DEG) / 2) ** N;
  const theta = N * (lon * DEG - LAM0);
  return { x: rho * Math.sin(theta), y: RHO0 - rho * Math.cos(theta) };
}

export function lccInverse(x: number, y: number): { lat: number; lon: number } {
  const dy = RHO0 - y;
  const rho = Math.sign(N) * Math.hypot(x, dy);
  const theta = Math.atan2(x, dy);
  const lat = 2 * Math.atan(((R * F) / rho) ** (1 / N)) - Math.PI / 2;
  const lon = LAM0 + theta / N;
  return { lat: lat / DEG, lon: lon / DEG };
}

/** (lat, lon) in degrees to fractional map (row, col). */
export function geoToRowCol(lat: number, lon: number): { row: number; col: number } {
  const { x, y } = lccForward(lat, lon);
  return { row: A * x + B * y + C, col: D * x + E * y + G };
}

export function rowColToGeo(row: number, col: number): { lat: number; lon: number } {
  const r = row - C;
  const c = col - G;
  // Solve [A B; D E] [x y]^T = [r c]^T
  const x = (r * E - B * c) / DET;
  const y = (A * c - D * r) / DET;
  return lccInverse(x, y);
}

/** Hex containing a geographic point (undefined off the grid's low edge). */
export function geoToHex(lat: number, lon: number): HexId | undefined {
  const { row, col } = geoToRowCol(lat, lon);
  return rowColToHex(row, col);
}

/** Geographic position of a hex centre (for labels and tools). */
export function hexToGeo(id: HexId): { lat: number; lon: number } {
  const { row, col } = hexToRowCol(id);
  return rowColToGeo(row, col);
}

// ---- The build's warp: the plane displacement that puts fortresses on their printed hexes ----

/** Gaussian radial-basis displacement field stored in map.json (`warp`). */
export interface Warp {
  sigma: number;
  /** [x, y, weightX, weightY] per control point, in hex-plane units (hex size 1). */
  points: ReadonlyArray<readonly [number, number, number, number]>;
}

/** Unwarped plane position (hex size 1, y north) of a lat/lon: the map-facts fit alone. */
export function geoToPlane0(lat: number, lon: number): { x: number; y: number } {
  const { row, col } = geoToRowCol(lat, lon);
  // The fit was made against raw column numbers; the stagger averages a quarter column.
  return { x: (col + 0.25) * SQRT3, y: row * 1.5 };
}

export function plane0ToGeo(x: number, y: number): { lat: number; lon: number } {
  return rowColToGeo(y / 1.5, x / SQRT3 - 0.25);
}

export function warpDisplacement(warp: Warp, x: number, y: number): { dx: number; dy: number } {
  let dx = 0;
  let dy = 0;
  const k2 = 2 * warp.sigma * warp.sigma;
  for (const [px, py, wx, wy] of warp.points) {
    const k = Math.exp(-((x - px) ** 2 + (y - py) ** 2) / k2);
    dx += wx * k;
    dy += wy * k;
  }
  return { dx, dy };
}

/** Warped plane position of a lat/lon (where the map draws it). */
export function geoToPlane(warp: Warp, lat: number, lon: number): { x: number; y: number } {
  const p = geoToPlane0(lat, lon);
  const d = warpDisplacement(warp, p.x, p.y);
  return { x: p.x + d.dx, y: p.y + d.dy };
}

/** Inverse of geoToPlane: damped Newton steps on the warped position, keeping the best point. */
export function planeToGeo(warp: Warp, x: number, y: number): { lat: number; lon: number } {
  const f = (px: number, py: number) => {
    const d = warpDisplacement(warp, px, py);
    return { x: px + d.dx - x, y: py + d.dy - y };
  };
  let px = x;
  let py = y;
  let r = f(px, py);
  let err = Math.hypot(r.x, r.y);
  const h = 1e-4;
  for (let i = 0; i < 60 && err > 1e-9; i++) {
    const fx = f(px + h, py);
    const fy = f(px, py + h);
    const a = (fx.x - r.x) / h;
    const b = (fy.x - r.x) / h;
    const c = (fx.y - r.y) / h;
    const d = (fy.y - r.y) / h;
    const det = a * d - b * c;
    // Newton step, or a plain residual step where the field folds (det near zero).
    let sx = Math.abs(det) > 1e-6 ? (d * r.x - b * r.y) / det : r.x;
    let sy = Math.abs(det) > 1e-6 ? (a * r.y - c * r.x) / det : r.y;
    let t = 1;
    for (let k = 0; k < 20; k++) {
      const nr = f(px - t * sx, py - t * sy);
      const ne = Math.hypot(nr.x, nr.y);
      if (ne < err) {
        px -= t * sx;
        py -= t * sy;
        r = nr;
        err = ne;
        break;
      }
      t /= 2;
      if (k === 19) {
        sx = 0;
        sy = 0;
      }
    }
    if (sx === 0 && sy === 0) break;
  }
  return plane0ToGeo(px, py);
}
