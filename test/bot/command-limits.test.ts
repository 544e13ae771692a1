// Every command definition against Discord's published limits for application commands. Written
// independently of the stand-in's validator (both must agree), so a definition that Discord would
// refuse at deploy time fails here first.
import { describe, expect, it } from 'vitest';
import { COMMANDS, commandDefinitions } from '../../src/bot/commands/index.js';

type Opt = {
  type: number;
  name: string;
  description: string;
  required?: boolean;
  autocomplete?: boolean;
  choices?: { name: string; value: string | number }[];
  options?: Opt[];
  min_length?: number;
  max_length?: number;
};
type Cmd = { name: string; description: string; options?: Opt[] };

const NAME = /^[-_\p{Ll}\p{N}]{1,32}$/u;
const SUB = 1;
const GROUP = 2;

/** Discord counts name + description + option/choice names, descriptions and values: max 4000. */
function totalChars(c: Cmd): number {
  const opt = (o: Opt): number =>
    o.name.length +
    o.description.length +
    (o.choices ?? []).reduce((n, ch) => n + ch.name.length + String(ch.value).length, 0) +
    (o.options ?? []).reduce((n, x) => n + opt(x), 0);
  return c.name.length + c.description.length + (c.options ?? []).reduce((n, o) => n + opt(o), 0);
}

function problems(c: Cmd): string[] {
  const out: string[] = [];
  const check = (o: Opt, path: string, depth: number) => {
    if (!NAME.test(o.name)) out.push(`${path}: name "${o.name}" is not a lowercase 1-32 character name`);
    if (o.description.length < 1 || o.description.length > 100)
      out.push(`${path}: description length ${o.description.length}`);
    if ((o.choices ?? []).length > 25) out.push(`${path}: ${o.choices?.length} choices`);
    if (o.choices?.length && o.autocomplete) out.push(`${path}: choices and autocomplete together`);
    for (const ch of o.choices ?? []) {
      if (ch.name.length < 1 || ch.name.length > 100) out.push(`${path}: choice name "${ch.name}"`);
      if (typeof ch.value === 'string' && ch.value.length > 100) out.push(`${path}: choice value too long`);
    }
    if (o.max_length !== undefined && (o.max_length < 1 || o.max_length > 6000))
      out.push(`${path}: max_length`);
    const subs = o.options ?? [];
    if (subs.length > 25) out.push(`${path}: ${subs.length} options`);
    if (o.type === SUB || o.type === GROUP) {
      if (depth >= 2 || (depth === 1 && o.type === GROUP)) out.push(`${path}: nesting too deep`);
      for (const s of subs) check(s, `${path} ${s.name}`, depth + 1);
      checkOrder(subs, path);
    }
  };
  const checkOrder = (opts: Opt[], path: string) => {
    const names = new Set<string>();
    let optional = false;
    for (const o of opts) {
      if (names.has(o.name)) out.push(`${path}: duplicate option ${o.name}`);
      names.add(o.name);
      if (o.type === SUB || o.type === GROUP) continue;
      if (o.required && optional) out.push(`${path}: required option ${o.name} after an optional one`);
      if (!o.required) optional = true;
    }
    const kinds = new Set(opts.map((o) => o.type === SUB || o.type === GROUP));
    if (kinds.size > 1) out.push(`${path}: mixes subcommands and plain options`);
  };
  if (!NAME.test(c.name)) out.push(`${c.name}: invalid command name`);
  if (c.description.length < 1 || c.description.length > 100) out.push(`${c.name}: description length`);
  if ((c.options ?? []).length > 25) out.push(`${c.name}: more than 25 options/subcommands`);
  for (const o of c.options ?? []) check(o, `${c.name} ${o.name}`, 0);
  checkOrder(c.options ?? [], c.name);
  if (totalChars(c) > 4000) out.push(`${c.name}: ${totalChars(c)} characters in total (max 4000)`);
  return out;
}

describe('slash command definitions fit Discord limits', () => {
  const defs = commandDefinitions() as Cmd[];

  it('at most 100 chat-input commands, names unique', () => {
    expect(defs.length).toBeGreaterThan(0);
    expect(defs.length).toBeLessThanOrEqual(100);
    expect(new Set(defs.map((d) => d.name)).size).toBe(defs.length);
  });

  it.each(defs.map((d) => [d.name, d] as const))(
    '/%s: names, descriptions, options, choices, lengths',
    (_n, def) => {
      expect(problems(def)).toEqual([]);
    },
  );

  it('the checker itself catches each kind of violation', () => {
    const bad: Cmd = {
      name: 'Bad Name',
      description: 'x'.repeat(101),
      options: [
        { type: 3, name: 'a', description: 'ok', required: false },
        {
          type: 3,
          name: 'b',
          description: 'ok',
          required: true,
          choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `${i}` })),
        },
        ...Array.from({ length: 24 }, (_, i) => ({ type: 3, name: `o${i}`, description: 'd' })),
      ],
    };
    const found = problems(bad).join('\n');
    expect(found).toMatch(/invalid command name/);
    expect(found).toMatch(/description length/);
    expect(found).toMatch(/more than 25 options/);
    expect(found).toMatch(/26 choices/);
    expect(found).toMatch(/required option b after an optional one/);
  });

  it('every command exports a handler; autocomplete options have an autocomplete handler', () => {
    for (const c of COMMANDS) {
      expect(typeof c.execute).toBe('function');
      const json = c.data.toJSON() as Cmd;
      const flat = (os: Opt[] = []): Opt[] => os.flatMap((o) => [o, ...flat(o.options)]);
      if (flat(json.options).some((o) => o.autocomplete)) expect(typeof c.autocomplete).toBe('function');
    }
  });
});

describe('the stand-in (Discord model) accepts the definitions', () => {
  it('validateCommandList finds no error, globally', async () => {
    const { FormErrors } = await import('../discord-standin/api-errors.js');
    const { validateCommandList } = await import('../discord-standin/limits.js');
    const errors = new FormErrors();
    validateCommandList(errors, commandDefinitions());
    expect(errors.lines()).toEqual([]);
  });
});
