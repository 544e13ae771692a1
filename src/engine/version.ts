// The versions a stored game records (games.rules_version / map_version), so that `ftg replay
// --verify` can tell "this game was played under other rules" from "the replay does not match".
//
// Bump RULES_VERSION in the commit that changes what the engine does with the same state and action
// (a rule fix, a new tie-break, a changed table, a new field in the state that setup fills
// differently): the commit that would otherwise re-record test/replay/fixtures. Refactors that
// keep every stored game replaying identically do not bump it.
// Bump MAP_VERSION when assets/map data changes in a way the engine reads (terrain, hexsides,
// fortresses, supply sources, coordinates), i.e. whenever games on the old map would move differently.
// Games stored before versions were recorded (null columns) count as version 1 of both.

/** Version of the strategic rules (Frederick the Great) this build plays. */
export const RULES_VERSION = 4;
/** Version of the strategic map data this build plays on. */
export const MAP_VERSION = 1;
