/**
 * Discord's JSON error bodies, shaped exactly as the API sends them, plus the nested `errors`
 * tree used by 50035 "Invalid Form Body".
 */

export interface FieldError {
  code: string;
  message: string;
}

/** Nested error tree: `{ embeds: { '0': { title: { _errors: [...] } } } }`. */
export interface FormErrorTree {
  _errors?: FieldError[];
  [key: string]: FormErrorTree | FieldError[] | undefined;
}

export interface DiscordErrorBody {
  message: string;
  code: number;
  errors?: FormErrorTree;
  retry_after?: number;
  global?: boolean;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: DiscordErrorBody,
  ) {
    super(`${status} ${body.code} ${body.message}`);
  }
}

/** Collects field errors at dotted paths and builds Discord's nested tree. */
export class FormErrors {
  readonly tree: FormErrorTree = {};
  #count = 0;

  add(path: ReadonlyArray<string | number>, code: string, message: string): void {
    let node: FormErrorTree = this.tree;
    for (const part of path) {
      const key = String(part);
      const child = node[key];
      if (child === undefined || Array.isArray(child)) {
        const created: FormErrorTree = {};
        node[key] = created;
        node = created;
      } else {
        node = child;
      }
    }
    node._errors ??= [];
    node._errors.push({ code, message });
    this.#count += 1;
  }

  get count(): number {
    return this.#count;
  }

  /** Flattened `path: CODE message` lines, handy in assertions and logs. */
  lines(): string[] {
    const out: string[] = [];
    const walk = (node: FormErrorTree, path: string[]) => {
      for (const [key, value] of Object.entries(node)) {
        if (key === '_errors' && Array.isArray(value)) {
          for (const e of value) out.push(`${path.join('.') || '(root)'}: ${e.code} ${e.message}`);
        } else if (value && !Array.isArray(value)) {
          walk(value, [...path, key]);
        }
      }
    };
    walk(this.tree, []);
    return out;
  }

  /** Throws 50035 with the tree, nested under `prefix` (e.g. `['data']` for an interaction callback). */
  throwIfAny(prefix: ReadonlyArray<string> = []): void {
    if (this.#count === 0) return;
    let tree: FormErrorTree = this.tree;
    for (const key of [...prefix].reverse()) tree = { [key]: tree };
    throw new ApiError(400, { message: 'Invalid Form Body', code: 50035, errors: tree });
  }
}

export const Errors = {
  unauthorized: () => new ApiError(401, { message: '401: Unauthorized', code: 0 }),
  notFound: () => new ApiError(404, { message: '404: Not Found', code: 0 }),
  unknownApplication: () => new ApiError(404, { message: 'Unknown Application', code: 10002 }),
  unknownChannel: () => new ApiError(404, { message: 'Unknown Channel', code: 10003 }),
  unknownGuild: () => new ApiError(404, { message: 'Unknown Guild', code: 10004 }),
  unknownMember: () => new ApiError(404, { message: 'Unknown Member', code: 10007 }),
  unknownMessage: () => new ApiError(404, { message: 'Unknown Message', code: 10008 }),
  unknownUser: () => new ApiError(404, { message: 'Unknown User', code: 10013 }),
  unknownWebhook: () => new ApiError(404, { message: 'Unknown Webhook', code: 10015 }),
  unknownCommand: () => new ApiError(404, { message: 'Unknown application command', code: 10063 }),
  unknownInteraction: () => new ApiError(404, { message: 'Unknown interaction', code: 10062 }),
  maxCommands: () =>
    new ApiError(400, { message: 'Maximum number of application commands reached (100)', code: 30032 }),
  alreadyAcknowledged: () =>
    new ApiError(400, { message: 'Interaction has already been acknowledged.', code: 40060 }),
  entityTooLarge: () => new ApiError(413, { message: 'Request entity too large', code: 40005 }),
  emptyMessage: () => new ApiError(400, { message: 'Cannot send an empty message', code: 50006 }),
  cannotDmUser: () => new ApiError(403, { message: 'Cannot send messages to this user', code: 50007 }),
  nonTextChannel: () =>
    new ApiError(400, { message: 'Cannot send messages in a non-text channel', code: 50008 }),
  missingAccess: () => new ApiError(403, { message: 'Missing Access', code: 50001 }),
  invalidWebhookToken: () => new ApiError(401, { message: 'Invalid Webhook Token', code: 50027 }),
  cannotEditOthersMessage: () =>
    new ApiError(403, { message: 'Cannot edit a message authored by another user', code: 50005 }),
  malformedBody: (detail: string) =>
    new ApiError(400, { message: `400: Bad Request (${detail})`, code: 50109 }),
} as const;
