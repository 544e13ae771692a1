// The versions a stored battle records (games.rules_version / map_version); see
// src/engine/version.ts for when to bump. A change of the Leuthen rules engine, its tables or its
// scenarios that alters how a stored battle replays bumps TACTICAL_RULES_VERSION; a change of a
// battlefield map's data bumps TACTICAL_MAP_VERSION. Battles stored before count as version 1.

// 2: 8.4's defeat on the C-in-C's fall comes from the scenario's mark (leaders' onFall), no longer
//    from the side; an unnamed successor is the senior leader left.
// 3: the standalone Leuthen scenarios end with the aftermath (pursuit and prisoners, ruling
//    Aftermath): a finished battle's final state has captured units and prisoners.
export const TACTICAL_RULES_VERSION = 3;
export const TACTICAL_MAP_VERSION = 1;
