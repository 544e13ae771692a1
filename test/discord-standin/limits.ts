import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ComponentType,
  MessageFlags,
} from 'discord-api-types/v10';
import type { FormErrors } from './api-errors.js';

/** The Discord limits the stand-in enforces (the ones that bite a bot in production). */
export const LIMITS = {
  contentLength: 2000,
  embedsPerMessage: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooterText: 2048,
  embedAuthorName: 256,
  embedTotalCharacters: 6000,
  actionRowsPerMessage: 5,
  buttonsPerRow: 5,
  componentsV2PerMessage: 40,
  customIdLength: 100,
  buttonLabel: 80,
  selectOptions: 25,
  autocompleteChoices: 25,
  choiceNameLength: 100,
  choiceValueLength: 100,
  commandNameLength: 32,
  commandDescriptionLength: 100,
  commandOptions: 25,
  commandChoices: 25,
  chatInputCommandsPerScope: 100,
  modalTitle: 45,
  modalComponents: 5,
  defaultMaxFileSizeBytes: 10 * 1024 * 1024,
} as const;

type Json = Record<string, unknown>;
type Path = ReadonlyArray<string | number>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function maxLength(errors: FormErrors, path: Path, value: unknown, max: number): void {
  if (typeof value === 'string' && value.length > max) {
    errors.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
  }
}

function lengthBetween(errors: FormErrors, path: Path, value: unknown, min: number, max: number): void {
  if (typeof value !== 'string') {
    errors.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
  } else if (value.length < min || value.length > max) {
    errors.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
  }
}

function arrayMax(errors: FormErrors, path: Path, value: unknown, max: number): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.add(path, 'LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType');
    return [];
  }
  if (value.length > max) errors.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
  return value;
}

/** Embed limits: per-field lengths, 25 fields, and the 6000-character total across all embeds. */
function validateEmbeds(errors: FormErrors, embeds: unknown[]): void {
  let total = 0;
  embeds.forEach((raw, i) => {
    if (!isObject(raw)) return;
    const at = (...rest: Array<string | number>) => ['embeds', i, ...rest];
    maxLength(errors, at('title'), raw.title, LIMITS.embedTitle);
    maxLength(errors, at('description'), raw.description, LIMITS.embedDescription);
    total += (str(raw.title) ?? '').length + (str(raw.description) ?? '').length;
    if (isObject(raw.footer)) {
      maxLength(errors, at('footer', 'text'), raw.footer.text, LIMITS.embedFooterText);
      total += (str(raw.footer.text) ?? '').length;
    }
    if (isObject(raw.author)) {
      maxLength(errors, at('author', 'name'), raw.author.name, LIMITS.embedAuthorName);
      total += (str(raw.author.name) ?? '').length;
    }
    const fields = arrayMax(errors, at('fields'), raw.fields, LIMITS.embedFields);
    fields.forEach((field, j) => {
      if (!isObject(field)) return;
      lengthBetween(errors, at('fields', j, 'name'), field.name, 1, LIMITS.embedFieldName);
      lengthBetween(errors, at('fields', j, 'value'), field.value, 1, LIMITS.embedFieldValue);
      total += (str(field.name) ?? '').length + (str(field.value) ?? '').length;
    });
  });
  if (total > LIMITS.embedTotalCharacters) {
    errors.add(
      ['embeds'],
      'MAX_EMBED_SIZE_EXCEEDED',
      `Embed size exceeds maximum size of ${LIMITS.embedTotalCharacters}`,
    );
  }
}

function countComponents(components: unknown[]): number {
  let n = 0;
  for (const c of components) {
    if (!isObject(c)) continue;
    n += 1;
    if (Array.isArray(c.components)) n += countComponents(c.components);
    if (isObject(c.accessory)) n += 1;
    if (isObject(c.component)) n += 1;
  }
  return n;
}

function validateSelect(errors: FormErrors, path: Path, select: Json): void {
  maxLength(errors, [...path, 'custom_id'], select.custom_id, LIMITS.customIdLength);
  if (select.type === ComponentType.StringSelect) {
    arrayMax(errors, [...path, 'options'], select.options, LIMITS.selectOptions);
  }
}

/**
 * Legacy (non components-v2) layout: at most 5 top-level action rows; a row holds up to 5 buttons
 * or exactly one select menu. Components v2 messages are only checked against the 40-component total.
 */
function validateComponents(errors: FormErrors, components: unknown[], flags: number): void {
  if ((flags & MessageFlags.IsComponentsV2) !== 0) {
    if (countComponents(components) > LIMITS.componentsV2PerMessage) {
      errors.add(
        ['components'],
        'BASE_TYPE_MAX_LENGTH',
        `Must be ${LIMITS.componentsV2PerMessage} or fewer in length.`,
      );
    }
    return;
  }
  if (components.length > LIMITS.actionRowsPerMessage) {
    errors.add(
      ['components'],
      'BASE_TYPE_MAX_LENGTH',
      `Must be ${LIMITS.actionRowsPerMessage} or fewer in length.`,
    );
  }
  components.forEach((row, i) => {
    if (!isObject(row) || row.type !== ComponentType.ActionRow) {
      errors.add(
        ['components', i, 'type'],
        'UNION_TYPE_CHOICES',
        'Value of field "type" must be one of (1,).',
      );
      return;
    }
    const children = Array.isArray(row.components) ? row.components : [];
    const selects = children.filter((c) => isObject(c) && c.type !== ComponentType.Button);
    if (children.length === 0) {
      errors.add(['components', i, 'components'], 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
    } else if (selects.length > 0 && children.length > 1) {
      errors.add(
        ['components', i, 'components'],
        'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
        'The specified component exceeds the maximum width',
      );
    } else if (children.length > LIMITS.buttonsPerRow) {
      errors.add(
        ['components', i, 'components'],
        'BASE_TYPE_MAX_LENGTH',
        `Must be ${LIMITS.buttonsPerRow} or fewer in length.`,
      );
    }
    children.forEach((child, j) => {
      if (!isObject(child)) return;
      const at = ['components', i, 'components', j];
      if (child.type === ComponentType.Button) {
        maxLength(errors, [...at, 'label'], child.label, LIMITS.buttonLabel);
        maxLength(errors, [...at, 'custom_id'], child.custom_id, LIMITS.customIdLength);
      } else {
        validateSelect(errors, at, child);
      }
    });
  });
}

export interface MessagePayloadCheck {
  /** True when the payload carries nothing displayable (50006 unless files are attached). */
  empty: boolean;
}

/**
 * Checks a message body (channel message, interaction reply, follow-up or edit) against content,
 * embed and component limits. Errors are added under `prefix`, e.g. `data` for a callback.
 */
export function validateMessageBody(
  body: Json,
  errors: FormErrors,
  options: { partial: boolean },
): MessagePayloadCheck {
  const flags = typeof body.flags === 'number' ? body.flags : 0;
  maxLength(errors, ['content'], body.content, LIMITS.contentLength);
  const embeds = arrayMax(errors, ['embeds'], body.embeds, LIMITS.embedsPerMessage);
  validateEmbeds(errors, embeds);
  const components = Array.isArray(body.components) ? body.components : [];
  if (body.components !== undefined && body.components !== null && !Array.isArray(body.components)) {
    errors.add(['components'], 'LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType');
  }
  validateComponents(errors, components, flags);
  const empty =
    !options.partial &&
    (str(body.content) ?? '') === '' &&
    embeds.length === 0 &&
    components.length === 0 &&
    body.poll === undefined &&
    !(Array.isArray(body.sticker_ids) && body.sticker_ids.length > 0);
  return { empty };
}

/** Autocomplete results: at most 25 choices, name 1-100 characters, string value at most 100. */
export function validateChoices(errors: FormErrors, path: Path, choices: unknown): void {
  const list = arrayMax(errors, path, choices, LIMITS.autocompleteChoices);
  list.forEach((choice, i) => {
    if (!isObject(choice)) return;
    lengthBetween(errors, [...path, i, 'name'], choice.name, 1, LIMITS.choiceNameLength);
    if (typeof choice.value === 'string')
      maxLength(errors, [...path, i, 'value'], choice.value, LIMITS.choiceValueLength);
  });
}

/** Modal: title 1-45 characters, custom_id at most 100, 1-5 top-level components. */
export function validateModal(errors: FormErrors, modal: Json): void {
  lengthBetween(errors, ['title'], modal.title, 1, LIMITS.modalTitle);
  lengthBetween(errors, ['custom_id'], modal.custom_id, 1, LIMITS.customIdLength);
  const list = Array.isArray(modal.components) ? modal.components : [];
  if (list.length < 1 || list.length > LIMITS.modalComponents) {
    errors.add(
      ['components'],
      'BASE_TYPE_BAD_LENGTH',
      `Must be between 1 and ${LIMITS.modalComponents} in length.`,
    );
  }
}

// Discord's published pattern for command and option names.
const NAME_PATTERN = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function validateName(errors: FormErrors, path: Path, name: unknown, mustBeLowercase: boolean): void {
  lengthBetween(errors, path, name, 1, LIMITS.commandNameLength);
  if (typeof name !== 'string') return;
  if (!NAME_PATTERN.test(name) || (mustBeLowercase && name !== name.toLowerCase())) {
    errors.add(path, 'APPLICATION_COMMAND_INVALID_NAME', `Command name is invalid`);
  }
}

function validateOptions(errors: FormErrors, path: Path, options: unknown, depth: number): void {
  const list = arrayMax(errors, path, options, LIMITS.commandOptions);
  const seen = new Set<string>();
  let sawOptional = false;
  list.forEach((opt, i) => {
    if (!isObject(opt)) return;
    const at = [...path, i];
    validateName(errors, [...at, 'name'], opt.name, true);
    lengthBetween(errors, [...at, 'description'], opt.description, 1, LIMITS.commandDescriptionLength);
    if (typeof opt.name === 'string') {
      if (seen.has(opt.name))
        errors.add(
          [...at, 'name'],
          'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS',
          'Option name already exists',
        );
      seen.add(opt.name);
    }
    const isSub =
      opt.type === ApplicationCommandOptionType.Subcommand ||
      opt.type === ApplicationCommandOptionType.SubcommandGroup;
    if (isSub) {
      if (depth >= 2 || (depth === 1 && opt.type === ApplicationCommandOptionType.SubcommandGroup)) {
        errors.add(
          [...at, 'type'],
          'APPLICATION_COMMAND_OPTION_TYPE_INVALID',
          'Sub-command nesting too deep',
        );
      }
      validateOptions(errors, [...at, 'options'], opt.options, depth + 1);
      return;
    }
    if (opt.required === true && sawOptional) {
      errors.add(
        [...at, 'required'],
        'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        'Required options must be placed before non-required options',
      );
    }
    if (opt.required !== true) sawOptional = true;
    const choices = arrayMax(errors, [...at, 'choices'], opt.choices, LIMITS.commandChoices);
    choices.forEach((choice, j) => {
      if (!isObject(choice)) return;
      lengthBetween(errors, [...at, 'choices', j, 'name'], choice.name, 1, LIMITS.choiceNameLength);
    });
    if (choices.length > 0 && opt.autocomplete === true) {
      errors.add(
        [...at, 'autocomplete'],
        'APPLICATION_COMMAND_AUTOCOMPLETE_INVALID',
        'Autocomplete cannot be set with choices',
      );
    }
  });
}

/** Command definition limits: names 1-32 lowercase, description 1-100, 25 options, 25 choices. */
export function validateCommand(errors: FormErrors, path: Path, command: unknown): void {
  if (!isObject(command)) {
    errors.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return;
  }
  const type = command.type ?? ApplicationCommandType.ChatInput;
  const chatInput = type === ApplicationCommandType.ChatInput;
  validateName(errors, [...path, 'name'], command.name, chatInput);
  if (chatInput) {
    lengthBetween(errors, [...path, 'description'], command.description, 1, LIMITS.commandDescriptionLength);
    validateOptions(errors, [...path, 'options'], command.options, 0);
  }
}

/** Bulk overwrite: each definition, plus the 100-command cap (global, and per guild). */
export function validateCommandList(errors: FormErrors, list: unknown): unknown[] {
  if (!Array.isArray(list)) {
    errors.add([], 'LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType');
    return [];
  }
  const chatInput = list.filter(
    (c) => !isObject(c) || (c.type ?? ApplicationCommandType.ChatInput) === ApplicationCommandType.ChatInput,
  );
  if (chatInput.length > LIMITS.chatInputCommandsPerScope) {
    errors.add([], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.chatInputCommandsPerScope} or fewer in length.`);
  }
  list.forEach((command, i) => {
    validateCommand(errors, [i], command);
  });
  return list;
}
