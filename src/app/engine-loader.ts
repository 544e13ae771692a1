// Finds a RulesEngine for the command line: a module named with --engine (exporting `engine` or
// a default export), or else the real engines (src/app/engines.ts: campaigns and battles by kind).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RulesEngine } from './engine-port.js';

function isEngine(x: unknown): x is RulesEngine<unknown> {
  const e = x as Record<string, unknown> | null;
  return (
    !!e &&
    ['setup', 'apply', 'legalActions', 'pendingSeats', 'view', 'isOver', 'step', 'seats'].every(
      (k) => typeof e[k] === 'function',
    )
  );
}

export async function loadEngine(
  modulePath?: string,
): Promise<{ ok: true; engine: RulesEngine<unknown> } | { ok: false; message: string }> {
  const specifier = modulePath ? pathToFileURL(resolve(modulePath)).href : './engines.js';
  let mod: Record<string, unknown>;
  try {
    mod = (await import(specifier)) as Record<string, unknown>;
  } catch (e) {
    return {
      ok: false,
      message: modulePath
        ? `cannot load engine module ${modulePath}: ${(e as Error).message}`
        : 'the rules engine is not bound to the service yet (src/app/engine-adapter.ts is missing); pass --engine FILE',
    };
  }
  for (const candidate of [mod.engine, mod.default, mod.rulesEngine]) {
    if (isEngine(candidate)) return { ok: true, engine: candidate };
  }
  return {
    ok: false,
    message: `${modulePath ?? 'engine-adapter'} does not export a RulesEngine as \`engine\``,
  };
}
