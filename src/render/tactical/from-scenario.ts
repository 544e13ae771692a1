// A render model of a scenario's printed set-up (public information: both sides' counters as the
// scenario places them). Pictures of a game in progress come from a seat's view instead.
import type { Vertex } from '../../tactical/hex.js';
import type { ScenarioData } from '../../tactical/schema.js';
import type { TacFormationStyle, TacticalRenderModel, TacUnitMarker } from './model.js';

/** Formation code for the counter band: the first word of the id, three letters ("wedel-corps" -> "WED"). */
export function formationCode(id: string): string {
  const word = id.split('-').find((w) => w.length > 1 && w !== 'corps') ?? id;
  return word.slice(0, 3).toUpperCase();
}

export function formationStyles(
  formations: readonly { id: string; side: 'prussia' | 'austria'; name: string }[],
): TacFormationStyle[] {
  return formations.map((f) => ({ id: f.id, side: f.side, name: f.name, code: formationCode(f.id) }));
}

export function modelFromScenario(
  s: ScenarioData,
  opts: { title?: string; subtitle?: string; commandRanges?: boolean } = {},
): TacticalRenderModel {
  const units: TacUnitMarker[] = [];
  for (const u of s.units) {
    if (!u.hex) continue; // off the map (Scenario 2 entry): not drawn
    units.push({
      id: u.id,
      side: u.side,
      formation: u.formation,
      arm: u.arm,
      hex: u.hex,
      facing: u.facing as Vertex,
      strength: u.arm === 'artillery' ? (u.firePoints ?? u.cp ?? 0) : (u.cp ?? 0),
    });
  }
  const leaders = s.leaders
    .filter((l) => l.hex)
    .map((l) => {
      const formation = s.formations.find((f) => f.leader === l.id)?.id;
      return {
        id: l.id,
        side: l.side,
        name: l.name,
        hex: l.hex!,
        role: l.role,
        ...(formation ? { formation } : {}),
      };
    });
  const commandRanges = opts.commandRanges
    ? s.leaders
        .filter((l) => l.hex && l.role === 'cinc')
        .map((l) => ({ hex: l.hex!, radius: l.commandRange, side: l.side }))
    : undefined;
  return {
    title: opts.title ?? s.name,
    subtitle: opts.subtitle ?? 'Set-up as printed in the scenario',
    formations: formationStyles(s.formations),
    units,
    leaders,
    ...(commandRanges ? { commandRanges } : {}),
  };
}
