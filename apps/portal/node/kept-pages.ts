import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import type { ReadModel } from "@portal/server";
import { escapeHtml } from "../src/lib/escape-html.ts";

/**
 * Kept signed-in pages (docs/architecture.md "Kept pages"; docs/performance.md "The signed-in page
 * as cheap as its data"). A page listed in {@link KEPT_PAGE_ROUTES} is rendered once per
 * {@link KeptPageKey} and answered from memory afterwards, with only the user's own bytes (display
 * name, email, avatar initials) filled in per request at the places the render marked. The key
 * holds everything the page's bytes are made of, so a kept page reaches only requests that would
 * have rendered the same bytes:
 *
 * - the address (path and query string), the language, theme and drawer cookies as sent;
 * - the user's roles and role assignments with their scopes (`PortalApi.pageReads`: two users of
 *   the same reach are answered the same rows);
 * - the change counters of every read model the page reads, read before it renders, so a write
 *   to any table behind the page (committed by any process on the same database) makes the next
 *   request render afresh; the old page is then unused and goes with the least recently used.
 *
 * The user's bytes never enter a kept page: the render that makes it is given marks (random per
 * process) instead of the user's name, email and initials, and each answer is the kept text with
 * the marks replaced by that request's user's values, escaped as Astro escapes text. A route may be
 * listed only when its render reads nothing else per request (no clock, no other cookie or
 * header, no other read than those of its models).
 */

/** The pages kept (path → the read models of every read the page makes). */
export const KEPT_PAGE_ROUTES: ReadonlyMap<string, readonly ReadModel[]> = new Map([
  // The question-paper list: the list call (rows, counts, names) is the `question_paper_list`
  // model's; the shell is code and the fixed public configuration.
  ["/app/exam/questionPaper", ["question_paper_list"]],
]);

/**
 * Most pages kept per process, the least recently used dropped first: the list's page of 25 rows
 * is about 70 KB of HTML, so about 9 MB at most.
 */
export const KEPT_PAGES_LIMIT = 128;

/** What of the user a kept page carries per request (the places its render marked). */
export type UserBytes = { name: string; email: string; initials: string };

/** Everything besides the user's own bytes that decides a kept page's bytes (see the module). */
export type KeptPageKey = {
  /** Path and query string, as requested. */
  path: string;
  /** The language, theme and drawer cookies' values as sent (empty when absent). */
  locale: string;
  theme: string;
  drawer: string;
  /** The user's roles (`user.roles`). */
  roles: readonly string[];
  /** `PortalApi.pageReads`: the role assignments with scopes, and the read models' counters. */
  reach: string;
  versions: string;
};

/** A rendered answer as the Node adapter wrote it: status, headers and body text. */
export type RenderedPage = { status: number; headers: OutgoingHttpHeaders; body: string };

/** A kept page: the answer's status and headers, its text cut at the marks, and each cut's mark. */
type KeptPage = { status: number; headers: OutgoingHttpHeaders; parts: string[]; slots: (keyof UserBytes)[] };

/** The store of kept pages of one process ({@link createKeptPages}). */
export type KeptPages = {
  /** The marks a render to be kept is given instead of the user's bytes (random per process). */
  readonly marks: UserBytes;
  /** The kept answer of `key` for `user` (its bytes filled in), or undefined when none is kept. */
  answer(key: KeptPageKey, user: UserBytes): RenderedPage | undefined;
  /**
   * Keeps `rendered` (made with {@link KeptPages.marks} in the user's places) under `key` when it
   * may be kept (status 200, HTML, no Set-Cookie of its own), and answers it for `user` either way.
   */
  keep(key: KeptPageKey, rendered: RenderedPage, user: UserBytes): RenderedPage;
  /** How many pages are kept (at most `limit`). */
  readonly size: number;
};

/** One text of the key's parts, each JSON-quoted so no part can run into the next. */
function keyText(key: KeptPageKey): string {
  return JSON.stringify([
    key.path,
    key.locale,
    key.theme,
    key.drawer,
    [...key.roles].sort(),
    key.reach,
    key.versions,
  ]);
}

/** The headers a kept answer carries: Content-Length (the filled-in text differs in length) left out. */
function keptHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== "content-length" && value !== undefined) kept[name] = value;
  }
  return kept;
}

/**
 * A store of at most `limit` kept pages ({@link KEPT_PAGES_LIMIT} by default). `marks` may be given
 * by tests; each must be a text no page otherwise contains (the default: 24 random hex digits).
 */
export function createKeptPages(options: { limit?: number; marks?: UserBytes } = {}): KeptPages {
  const limit = options.limit ?? KEPT_PAGES_LIMIT;
  const token = randomBytes(12).toString("hex");
  const marks: UserBytes = options.marks ?? {
    name: `kpname${token}`,
    email: `kpmail${token}`,
    initials: `kpinit${token}`,
  };
  const slotOf = new Map(Object.entries(marks).map(([slot, mark]) => [mark, slot as keyof UserBytes]));
  const pattern = new RegExp(
    Object.values(marks)
      .map((mark) => mark.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("|"),
    "g",
  );
  const pages = new Map<string, KeptPage>();

  const cut = (rendered: RenderedPage): KeptPage => {
    const parts: string[] = [];
    const slots: (keyof UserBytes)[] = [];
    let from = 0;
    for (const match of rendered.body.matchAll(pattern)) {
      parts.push(rendered.body.slice(from, match.index));
      slots.push(slotOf.get(match[0]) as keyof UserBytes);
      from = match.index + match[0].length;
    }
    parts.push(rendered.body.slice(from));
    return { status: rendered.status, headers: keptHeaders(rendered.headers), parts, slots };
  };
  const fill = (page: KeptPage, user: UserBytes): RenderedPage => {
    const escaped = {
      name: escapeHtml(user.name),
      email: escapeHtml(user.email),
      initials: escapeHtml(user.initials),
    };
    let body = page.parts[0] ?? "";
    for (let i = 0; i < page.slots.length; i++)
      body += escaped[page.slots[i] as keyof UserBytes] + page.parts[i + 1];
    return { status: page.status, headers: page.headers, body };
  };

  return {
    marks,
    answer(key, user) {
      const text = keyText(key);
      const page = pages.get(text);
      if (!page) return undefined;
      pages.delete(text);
      pages.set(text, page);
      return fill(page, user);
    },
    keep(key, rendered, user) {
      const page = cut(rendered);
      const type = String(rendered.headers["content-type"] ?? "");
      if (
        rendered.status === 200 &&
        type.startsWith("text/html") &&
        rendered.headers["set-cookie"] === undefined
      ) {
        const text = keyText(key);
        pages.delete(text);
        pages.set(text, page);
        if (pages.size > limit) {
          const oldest = pages.keys().next().value;
          if (oldest !== undefined) pages.delete(oldest);
        }
      }
      return fill(page, user);
    },
    get size() {
      return pages.size;
    },
  };
}

/**
 * A stand-in for Node's ServerResponse that the Astro Node adapter's handler writes a page into
 * (`writeHead`, `write`, `end`, the `finish` and `close` events), so the page can be filled in
 * before it is sent. `done` resolves with the page once ended; rejects when the handler destroys
 * it (a render that failed midway).
 */
export class PageSink extends EventEmitter {
  readonly req: IncomingMessage;
  statusCode = 200;
  statusMessage = "";
  headersSent = false;
  /** Whether the handler ended the answer (or destroyed it). */
  ended = false;
  private headers: OutgoingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  readonly done: Promise<RenderedPage>;
  private settle!: { resolve: (page: RenderedPage) => void; reject: (error: unknown) => void };

  constructor(req: IncomingMessage) {
    super();
    this.req = req;
    this.done = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
  }

  setHeader(name: string, value: string | number | readonly string[]): this {
    this.headers[name.toLowerCase()] = value as OutgoingHttpHeaders[string];
    return this;
  }

  getHeader(name: string): OutgoingHttpHeaders[string] {
    return this.headers[name.toLowerCase()];
  }

  writeHead(status: number, headers?: OutgoingHttpHeaders): this {
    this.statusCode = status;
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value !== undefined) this.headers[name.toLowerCase()] = value;
    }
    this.headersSent = true;
    return this;
  }

  write(chunk: string | Uint8Array, callback?: () => void): boolean {
    this.chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
    callback?.();
    return true;
  }

  end(chunk?: string | Uint8Array): this {
    if (chunk !== undefined) this.write(chunk);
    this.headersSent = true;
    this.ended = true;
    this.settle.resolve({
      status: this.statusCode,
      headers: this.headers,
      body: Buffer.concat(this.chunks).toString("utf8"),
    });
    this.emit("finish");
    this.emit("close");
    return this;
  }

  destroy(error?: unknown): this {
    this.ended = true;
    this.settle.reject(error ?? new Error("the page's render was ended midway"));
    this.emit("close");
    return this;
  }
}
