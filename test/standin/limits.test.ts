import { ApplicationCommandOptionType, ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { FormErrors } from '../discord-standin/api-errors.js';
import {
  validateChoices,
  validateCommand,
  validateCommandList,
  validateMessageBody,
  validateModal,
} from '../discord-standin/limits.js';

function messageErrors(body: Record<string, unknown>): string[] {
  const errors = new FormErrors();
  validateMessageBody(body, errors, { partial: false });
  return errors.lines();
}

const button = (i: number) => ({ type: ComponentType.Button, style: 1, label: `b${i}`, custom_id: `b${i}` });
const row = (n: number) => ({
  type: ComponentType.ActionRow,
  components: Array.from({ length: n }, (_, i) => button(i)),
});

describe('discord-standin limits (pure validators)', () => {
  it('content: 2000 characters pass, 2001 fail', () => {
    expect(messageErrors({ content: 'a'.repeat(2000) })).toEqual([]);
    expect(messageErrors({ content: 'a'.repeat(2001) })).toEqual([
      'content: BASE_TYPE_MAX_LENGTH Must be 2000 or fewer in length.',
    ]);
  });

  it('embed field limits: title 256, description 4096, footer 2048, author 256, field name 256 / value 1024', () => {
    expect(messageErrors({ embeds: [{ title: 't'.repeat(257) }] })).toEqual([
      'embeds.0.title: BASE_TYPE_MAX_LENGTH Must be 256 or fewer in length.',
    ]);
    expect(messageErrors({ embeds: [{ description: 'd'.repeat(4097) }] })).toHaveLength(1);
    expect(messageErrors({ embeds: [{ footer: { text: 'f'.repeat(2049) } }] })).toEqual([
      'embeds.0.footer.text: BASE_TYPE_MAX_LENGTH Must be 2048 or fewer in length.',
    ]);
    expect(messageErrors({ embeds: [{ author: { name: 'a'.repeat(257) } }] })).toEqual([
      'embeds.0.author.name: BASE_TYPE_MAX_LENGTH Must be 256 or fewer in length.',
    ]);
    expect(
      messageErrors({ embeds: [{ fields: [{ name: 'n'.repeat(257), value: 'v'.repeat(1025) }] }] }),
    ).toEqual([
      'embeds.0.fields.0.name: BASE_TYPE_BAD_LENGTH Must be between 1 and 256 in length.',
      'embeds.0.fields.0.value: BASE_TYPE_BAD_LENGTH Must be between 1 and 1024 in length.',
    ]);
  });

  it('embeds: at most 10 per message, 25 fields each, 6000 characters in total', () => {
    expect(messageErrors({ embeds: Array.from({ length: 11 }, () => ({ title: 'x' })) })).toEqual([
      'embeds: BASE_TYPE_MAX_LENGTH Must be 10 or fewer in length.',
    ]);
    const fields = (n: number) => Array.from({ length: n }, () => ({ name: 'n', value: 'v' }));
    expect(messageErrors({ embeds: [{ fields: fields(25) }] })).toEqual([]);
    expect(messageErrors({ embeds: [{ fields: fields(26) }] })).toHaveLength(1);
    const exactly6000 = [{ description: 'd'.repeat(4000) }, { description: 'd'.repeat(2000) }];
    expect(messageErrors({ embeds: exactly6000 })).toEqual([]);
    expect(messageErrors({ embeds: [...exactly6000, { title: 'x' }] })).toEqual([
      'embeds: MAX_EMBED_SIZE_EXCEEDED Embed size exceeds maximum size of 6000',
    ]);
  });

  it('components: 5 rows of 5 buttons (25) pass; a 6th row or a 6th button fails; a select fills its row', () => {
    expect(messageErrors({ components: Array.from({ length: 5 }, () => row(5)) })).toEqual([]);
    expect(messageErrors({ components: Array.from({ length: 6 }, () => row(1)) })).toEqual([
      'components: BASE_TYPE_MAX_LENGTH Must be 5 or fewer in length.',
    ]);
    expect(messageErrors({ components: [row(6)] })).toEqual([
      'components.0.components: BASE_TYPE_MAX_LENGTH Must be 5 or fewer in length.',
    ]);
    const select = {
      type: ComponentType.StringSelect,
      custom_id: 's',
      options: [{ label: 'a', value: 'a' }],
    };
    expect(messageErrors({ components: [{ type: 1, components: [select, button(0)] }] })).toEqual([
      'components.0.components: COMPONENT_LAYOUT_WIDTH_EXCEEDED The specified component exceeds the maximum width',
    ]);
    const options = Array.from({ length: 26 }, (_, i) => ({ label: `o${i}`, value: `o${i}` }));
    expect(messageErrors({ components: [{ type: 1, components: [{ ...select, options }] }] })).toEqual([
      'components.0.components.0.options: BASE_TYPE_MAX_LENGTH Must be 25 or fewer in length.',
    ]);
  });

  it('autocomplete: 25 choices pass, 26 fail', () => {
    const choices = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}`, value: `c${i}` }));
    const ok = new FormErrors();
    validateChoices(ok, ['data', 'choices'], choices(25));
    expect(ok.lines()).toEqual([]);
    const bad = new FormErrors();
    validateChoices(bad, ['data', 'choices'], choices(26));
    expect(bad.lines()).toEqual(['data.choices: BASE_TYPE_MAX_LENGTH Must be 25 or fewer in length.']);
  });

  it('modal: title at most 45 characters', () => {
    const errors = new FormErrors();
    validateModal(errors, { title: 'm'.repeat(46), custom_id: 'm', components: [row(1)] });
    expect(errors.lines()).toEqual(['title: BASE_TYPE_BAD_LENGTH Must be between 1 and 45 in length.']);
  });

  it('commands: lowercase 1-32 names, 1-100 descriptions, 25 options, 25 choices, required before optional', () => {
    const check = (command: unknown) => {
      const errors = new FormErrors();
      validateCommand(errors, [], command);
      return errors.lines();
    };
    expect(check({ name: 'campaign', description: 'ok' })).toEqual([]);
    expect(check({ name: 'Campaign', description: 'ok' })).toEqual([
      'name: APPLICATION_COMMAND_INVALID_NAME Command name is invalid',
    ]);
    expect(check({ name: 'c'.repeat(33), description: 'ok' })).toContain(
      'name: BASE_TYPE_BAD_LENGTH Must be between 1 and 32 in length.',
    );
    expect(check({ name: 'c', description: '' })).toEqual([
      'description: BASE_TYPE_BAD_LENGTH Must be between 1 and 100 in length.',
    ]);
    const opt = (i: number, required = false) => ({
      type: ApplicationCommandOptionType.String,
      name: `o${i}`,
      description: 'd',
      required,
    });
    expect(
      check({ name: 'c', description: 'd', options: Array.from({ length: 26 }, (_, i) => opt(i)) }),
    ).toEqual(['options: BASE_TYPE_MAX_LENGTH Must be 25 or fewer in length.']);
    const choices = Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `c${i}` }));
    expect(check({ name: 'c', description: 'd', options: [{ ...opt(0), choices }] })).toEqual([
      'options.0.choices: BASE_TYPE_MAX_LENGTH Must be 25 or fewer in length.',
    ]);
    expect(check({ name: 'c', description: 'd', options: [opt(0), opt(1, true)] })).toEqual([
      'options.1.required: APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID Required options must be placed before non-required options',
    ]);
  });

  it('commands per scope (global, or one guild): 100 pass, 101 fail', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}`, description: 'd' }));
    const ok = new FormErrors();
    validateCommandList(ok, list(100));
    expect(ok.count).toBe(0);
    const bad = new FormErrors();
    validateCommandList(bad, list(101));
    expect(bad.lines()).toEqual(['(root): BASE_TYPE_MAX_LENGTH Must be 100 or fewer in length.']);
  });
});
