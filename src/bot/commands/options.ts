// Shared option definitions and readers for the slash commands.
import type { SlashCommandStringOption } from 'discord.js';
import type { CommandInput } from '../types.js';

export const SEAT_CHOICES = [
  { name: 'Prussia', value: 'prussia' },
  { name: 'Hanover', value: 'hanover' },
  { name: 'Austria', value: 'austria' },
  { name: 'France', value: 'france' },
  { name: 'Russia', value: 'russia' },
  { name: 'Sweden', value: 'sweden' },
  { name: 'Empire', value: 'empire' },
] as const;

export function addSeatOption<
  T extends { addStringOption(fn: (o: SlashCommandStringOption) => SlashCommandStringOption): unknown },
>(b: T, required: boolean, description = 'Which of your seats acts (needed only if you hold several)'): T {
  b.addStringOption((o) =>
    o
      .setName('seat')
      .setDescription(description)
      .setRequired(required)
      .addChoices(...SEAT_CHOICES),
  );
  return b;
}

export function str(input: CommandInput, name: string): string | undefined {
  const v = input.options[name];
  return typeof v === 'string' ? v : undefined;
}

export function int(input: CommandInput, name: string): number | undefined {
  const v = input.options[name];
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

export function bool(input: CommandInput, name: string): boolean | undefined {
  const v = input.options[name];
  return typeof v === 'boolean' ? v : undefined;
}
