// The renderer's fonts: DejaVu Sans Condensed shipped under assets/fonts (Bitstream Vera licence,
// see assets/fonts/LICENSE-DejaVu.txt) and registered with node-canvas under a private family
// name, so every machine draws the same glyphs (golden images depend on it).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerFont } from 'canvas';

/** The family name every drawing module uses. */
export const FONT_FAMILY = 'SK Sans';

const fontsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'fonts');

let registered = false;

/** Register the shipped fonts once (must run before the first canvas is created). */
export function ensureFonts(): void {
  if (registered) return;
  registered = true;
  const regular = join(fontsDir, 'DejaVuSansCondensed.ttf');
  const bold = join(fontsDir, 'DejaVuSansCondensed-Bold.ttf');
  if (existsSync(regular)) registerFont(regular, { family: FONT_FAMILY, weight: 'normal' });
  if (existsSync(bold)) registerFont(bold, { family: FONT_FAMILY, weight: 'bold' });
}

/** A CSS font string in the renderer's family: font(12, true) -> "bold 12px 'SK Sans'". */
export function font(px: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${Math.max(1, Math.round(px * 10) / 10)}px "${FONT_FAMILY}"`;
}
