import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, Errors } from './api-errors.js';
import type { Ledger } from './ledger.js';
import type { UploadedFile } from './messages.js';

type Json = Record<string, unknown>;

export interface RestRequest {
  method: string;
  /** Path below `/api/v10`, e.g. `/channels/123/messages`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  files: UploadedFile[];
  headers: IncomingMessage['headers'];
}

export interface RestResult {
  status: number;
  body?: unknown;
}

export interface RestRoute {
  method: string;
  /** Template with `:name` parameters, e.g. `/channels/:channel_id/messages`. */
  template: string;
  /** Requires `Authorization: Bot <token>` (interaction callbacks and webhooks do not). */
  auth: boolean;
  handle(req: RestRequest): RestResult | Promise<RestResult>;
}

export interface RateLimitInjection {
  method: string | null;
  segments: string[];
  retryAfterMs: number;
  global: boolean;
  scope: 'user' | 'global' | 'shared';
}

export interface UnknownRequest {
  method: string;
  path: string;
  at: string;
}

export interface HttpServerOptions {
  token: string;
  /** Requests per bucket per window advertised in X-RateLimit-* headers. */
  rateLimitPerWindow: number;
  rateLimitWindowMs: number;
  log: (line: string) => void;
  now: () => number;
  iso: () => string;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const a = actual[i]!;
    if (p.startsWith(':') || p === '*') params[p.slice(1)] = decodeURIComponent(a);
    else if (p !== a) return null;
  }
  return params;
}

/** Parses `"POST /channels/:id/messages"` or `"/channels/:id/messages"` (any method). */
export function parseRoutePattern(pattern: string): { method: string | null; segments: string[] } {
  const m = /^([A-Z]+)\s+(\S+)$/.exec(pattern.trim());
  if (m) return { method: m[1]!, segments: splitPath(m[2]!) };
  return { method: null, segments: splitPath(pattern.trim()) };
}

/**
 * node:http server for the REST half: routing, auth, JSON and multipart bodies, X-RateLimit headers,
 * injected 429s and loud 404s for anything it does not know. The gateway is attached via `onUpgrade`.
 */
export class StandinHttpServer {
  readonly server: Server;
  readonly unknownRequests: UnknownRequest[] = [];
  readonly extraGet = new Map<
    string,
    (path: string) => { status: number; type: string; bytes: Uint8Array } | null
  >();
  #routes: RestRoute[] = [];
  #injections: RateLimitInjection[] = [];
  #windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly ledger: Ledger,
    private readonly options: HttpServerOptions,
  ) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.options.log(`[discord-standin] internal error: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: '500: stand-in internal error', code: 0 }));
      });
    });
  }

  addRoutes(routes: RestRoute[]): void {
    this.#routes.push(...routes);
  }

  injectRateLimit(injection: RateLimitInjection): void {
    this.#injections.push(injection);
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private bucketHeaders(method: string, template: string, majorId: string): Record<string, string> {
    const key = `${method} ${template} ${majorId}`;
    const now = this.options.now();
    let window = this.#windows.get(key);
    if (!window || now - window.start >= this.options.rateLimitWindowMs) {
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    const resetAt = window.start + this.options.rateLimitWindowMs;
    return {
      'x-ratelimit-limit': String(this.options.rateLimitPerWindow),
      'x-ratelimit-remaining': String(Math.max(0, this.options.rateLimitPerWindow - window.count)),
      'x-ratelimit-reset': (resetAt / 1000).toFixed(3),
      'x-ratelimit-reset-after': ((resetAt - now) / 1000).toFixed(3),
      'x-ratelimit-bucket': createHash('sha1').update(`${method} ${template}`).digest('hex').slice(0, 16),
    };
  }

  private send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    if (status === 204 || body === undefined) {
      res.writeHead(status === 200 && body === undefined ? 204 : status, headers);
      res.end();
      return;
    }
    res.writeHead(status, { ...headers, 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async readBody(req: IncomingMessage, url: URL): Promise<{ body: unknown; files: UploadedFile[] }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    if (raw.length === 0) return { body: undefined, files: [] };
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('multipart/form-data')) {
      const form = await new Request(url, {
        method: req.method ?? 'POST',
        headers: { 'content-type': type },
        body: raw,
      }).formData();
      const body: Json = {};
      const files: UploadedFile[] = [];
      for (const [field, value] of form.entries()) {
        if (typeof value === 'string') {
          if (field === 'payload_json') Object.assign(body, JSON.parse(value));
          else body[field] = value;
        } else {
          files.push({
            field,
            filename: value.name,
            contentType: value.type || null,
            bytes: new Uint8Array(await value.arrayBuffer()),
          });
        }
      }
      return { body, files };
    }
    try {
      return { body: JSON.parse(raw.toString('utf8')), files: [] };
    } catch {
      throw Errors.malformedBody('body is not valid JSON');
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const extra =
      method === 'GET'
        ? [...this.extraGet.entries()].find(([prefix]) => url.pathname.startsWith(prefix))
        : undefined;
    if (extra) {
      const file = extra[1](url.pathname);
      if (file) {
        res.writeHead(file.status, {
          'content-type': file.type,
          'content-length': String(file.bytes.byteLength),
        });
        res.end(file.bytes);
        return;
      }
    }
    const versioned = /^\/api\/v10(\/.*)$/.exec(url.pathname);
    const path = versioned?.[1] ?? url.pathname;
    const actual = splitPath(path);
    let route: RestRoute | undefined;
    let params: Record<string, string> | null = null;
    if (versioned) {
      for (const candidate of this.#routes) {
        if (candidate.method !== method) continue;
        params = matchSegments(splitPath(candidate.template), actual);
        if (params) {
          route = candidate;
          break;
        }
      }
    }
    if (!route || !params) {
      // Drain the body so the client is not left writing into a closed request.
      for await (const _ of req) {
        // discard
      }
      this.unknownRequests.push({ method, path: url.pathname + url.search, at: this.options.iso() });
      this.ledger.record({ kind: 'unknown-request', method, path: url.pathname + url.search });
      this.options.log(
        `[discord-standin] UNKNOWN ROUTE ${method} ${url.pathname}${url.search} — the stand-in does not implement it (answered 404)`,
      );
      this.send(res, 404, { message: '404: Not Found', code: 0 });
      return;
    }
    const majorId = params.channel_id ?? params.guild_id ?? params.application_id ?? 'global';
    const headers = this.bucketHeaders(method, route.template, majorId);
    const injectionIndex = this.#injections.findIndex(
      (inj) => (inj.method === null || inj.method === method) && matchSegments(inj.segments, actual) !== null,
    );
    if (injectionIndex >= 0) {
      const inj = this.#injections.splice(injectionIndex, 1)[0]!;
      for await (const _ of req) {
        // discard: the request is refused before its body matters
      }
      const retryAfter = inj.retryAfterMs / 1000;
      this.ledger.record({ kind: 'rate-limited', method, path, route: route.template });
      this.send(
        res,
        429,
        { message: 'You are being rate limited.', retry_after: retryAfter, global: inj.global, code: 0 },
        {
          ...headers,
          // As Discord does for a per-route 429: the bucket is empty until Retry-After has passed.
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset-after': retryAfter.toFixed(3),
          'x-ratelimit-reset': ((this.options.now() + inj.retryAfterMs) / 1000).toFixed(3),
          'retry-after': String(retryAfter),
          'x-ratelimit-scope': inj.scope,
          ...(inj.global ? { 'x-ratelimit-global': 'true' } : {}),
        },
      );
      return;
    }
    try {
      const { body, files } = await this.readBody(req, url);
      if (route.auth && req.headers.authorization !== `Bot ${this.options.token}`)
        throw Errors.unauthorized();
      const result = await route.handle({
        method,
        path,
        params,
        query: url.searchParams,
        body,
        files,
        headers: req.headers,
      });
      this.send(res, result.status, result.body, headers);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const lines: string[] = [];
      const walk = (node: unknown, at: string[]) => {
        if (!node || typeof node !== 'object') return;
        for (const [k, v] of Object.entries(node)) {
          if (k === '_errors' && Array.isArray(v))
            for (const e of v) lines.push(`${at.join('.')}: ${e.code} ${e.message}`);
          else walk(v, [...at, k]);
        }
      };
      walk(error.body.errors, []);
      this.ledger.record({
        kind: 'rejected',
        method,
        path,
        status: error.status,
        code: error.body.code,
        message: error.body.message,
        errors: lines,
      });
      this.send(res, error.status, error.body, headers);
    }
  }
}
