/**
 * Fetch bodies kept as they are. undici builds a web stream for every Request and Response body as
 * the object is made (which Node may also make transferable), and a reader then drains it back:
 * for a JSON body or a page, that made and read again what the server already had whole. A kept
 * body is a Request or Response made without a body, its text or bytes kept beside it:
 * `text()` and `json()` answer from them, once, as a body is read once; `body`, `arrayBuffer()`,
 * `bytes()`, `blob()` and `formData()` read an object made from them the first time one is asked.
 * To every reader it is the object a body would have given.
 */

// A registered symbol: the server (server/) and the Remix build are bundled apart, each with its
// own copy of this module, and a body kept by one is read by the other.
const KEPT = Symbol.for('contingency.kept-body');

type Body = Request | Response;
/** What a body is kept as: the text of a JSON answer or request, the bytes of a page. */
export type Kept = string | Uint8Array<ArrayBuffer>;

class KeptBody {
  #used = false;
  #read: Body | undefined;

  constructor(
    readonly data: Kept,
    private readonly make: () => Body,
  ) {}

  get used(): boolean {
    return this.#used || (this.#read?.bodyUsed ?? false);
  }

  /** The object the other readers use, made from the text the first time one asks. */
  reader(): Body {
    return (this.#read ??= this.make());
  }

  /** The text, once. */
  take(): Promise<string> {
    if (this.#read) return this.#read.text();
    if (this.#used)
      return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.#used = true;
    return Promise.resolve(typeof this.data === 'string' ? this.data : decoder.decode(this.data));
  }
}

const decoder = new TextDecoder();

type Holder = { [KEPT]?: KeptBody };
const kept = (target: unknown) => (target as Holder)[KEPT]!;

/** Keeps `data` as the body of `target` (made without one); `make` builds the full object. */
export function keepBody(target: Body, data: Kept, make: () => Body): void {
  (target as Holder)[KEPT] = new KeptBody(data, make);
}

/** The kept body not read yet (for a copy), or a TypeError as `clone()` throws one. */
export function keptData<T extends Kept>(target: Body, what: string): T {
  const body = kept(target);
  if (body.used) throw new TypeError(`${what}: Body has already been consumed.`);
  return body.data as T;
}

/** The body kept and not read yet, for the server to write as it is; undefined for any other. */
export function unreadKept(target: Body): Kept | undefined {
  const body = (target as Holder)[KEPT];
  return body && !body.used ? body.data : undefined;
}

/** Makes a class's readers answer from its kept body (its constructor calls `keepBody`). */
export function readsKeptBody(prototype: Body): void {
  Object.defineProperties(prototype, {
    text: {
      configurable: true,
      writable: true,
      value: function text(this: Body) {
        return kept(this).take();
      },
    },
    json: {
      configurable: true,
      writable: true,
      value: function json(this: Body) {
        return kept(this)
          .take()
          .then((t) => JSON.parse(t) as unknown);
      },
    },
    arrayBuffer: {
      configurable: true,
      writable: true,
      value: function arrayBuffer(this: Body) {
        return kept(this).reader().arrayBuffer();
      },
    },
    blob: {
      configurable: true,
      writable: true,
      value: function blob(this: Body) {
        return kept(this).reader().blob();
      },
    },
    formData: {
      configurable: true,
      writable: true,
      value: function formData(this: Body) {
        return kept(this).reader().formData();
      },
    },
    bytes: {
      configurable: true,
      writable: true,
      value: function bytes(this: Body) {
        return (kept(this).reader() as Body & { bytes(): Promise<Uint8Array> }).bytes();
      },
    },
    // Accessors of Request.prototype and Response.prototype, shadowed on the class's prototype.
    body: {
      configurable: true,
      get(this: Body) {
        return kept(this).reader().body;
      },
    },
    bodyUsed: {
      configurable: true,
      get(this: Body) {
        return kept(this).used;
      },
    },
  });
}
