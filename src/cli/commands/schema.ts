// `ftg schema actions|scenario`: print the JSON Schema of the engine's action union or of a
// scenario file (zod 4 z.toJSONSchema).
import { z } from 'zod';
import { actionsJsonSchema, scenarioSchema } from '../../engine/index.js';

export const summary = 'Print the JSON Schema of the actions or of a scenario file';

export async function run(args: string[]): Promise<number> {
  const what = args[0];
  if (what === 'actions') {
    console.log(JSON.stringify(actionsJsonSchema(), null, 2));
    return 0;
  }
  if (what === 'scenario') {
    console.log(JSON.stringify(z.toJSONSchema(scenarioSchema, { unrepresentable: 'any' }), null, 2));
    return 0;
  }
  console.error('Usage: ftg schema actions|scenario');
  return what === '--help' || what === '-h' ? 0 : 2;
}
