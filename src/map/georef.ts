// Georeference of the printed map (map-facts.md): a spherical Lambert conformal conic
// (R = 6371 km, standard parallels 49N and 54N, origin 51.5N 14E) followed by a fitted affine
// transform to fractional (row, col) map units. Even rows carry the half-column stagger in the
// fractional column (see hexToRowCol), so a hex centre is (row, col + 0.5 on even rows).
// Pure: used by the map build (forward) and by labels/tools (inverse).
import { hexToRowCol, rowColToHex } from './hex.js';
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
