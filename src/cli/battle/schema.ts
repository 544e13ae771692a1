// `ftg battle schema scenario|ratings|actions|map`: the JSON Schema of a Leuthen data file or of the
// battle actions (zod 4 z.toJSONSchema), for people writing scenarios and action files.
import { z } from 'zod';
import { tacticalActionSchema } from '../../tactical/actions.js';
import { tacticalMapSchema } from '../../tactical/map.js';
import { ratingsFileSchema, scenarioSchema } from '../../tactical/schema.js';

export const summary = 'Print the JSON Schema of a battle scenario, the ratings file, a map or the actions';

const SCHEMAS: Record<string, z.ZodType> = {
  scenario: scenarioSchema,
  ratings: ratingsFileSchema,
  actions: tacticalActionSchema,
  map: tacticalMapSchema,
};

export async function run(args: string[]): Promise<number> {
  const what = args[0];
  const schema = what ? SCHEMAS[what] : undefined;
  if (!schema) {
    const msg = `Usage: ftg battle schema ${Object.keys(SCHEMAS).join('|')}`;
    if (what === '--help' || what === '-h') {
      console.log(msg);
      return 0;
    }
    console.error(what ? `ftg battle schema: unknown schema "${what}"\n${msg}` : msg);
    return 2;
  }
  console.log(JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }), null, 2));
  return 0;
}
