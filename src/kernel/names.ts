// Place names compared as players type them, for both maps (the strategic map's towns and
// fortresses, a battlefield's labels): case and accents folded, "ß" as "ss", punctuation and
// spaces collapsed, so "Königgrätz" and "koniggratz" compare equal.
export function foldName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
