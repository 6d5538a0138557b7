/**
 * Fetch bodies kept as text. undici builds a web stream for every Request and Response body as
 * the object is made (Node 20 also makes each stream transferable), and a reader then drains it
 * back: for a small JSON body that made and read twice what the server already had whole. A kept
 * body is a Request or Response made without a body, its text kept beside it: `text()` and
 * `json()` answer from the text, once, as a body is read once; `body`, `arrayBuffer()`, `blob()`
 * and `formData()` read an object made from the text the first time one of them is asked. To
 * every reader it is the object a body would have given.
 */

// A registered symbol: the server (server/) and the Remix build are bundled apart, each with its
// own copy of this module, and a body kept by one is read by the other.
const KEPT = Symbol.for('contingency.kept-body');

type Body = Request | Response;

class KeptBody {
  #used = false;
  #read: Body | undefined;

  constructor(
    readonly text: string,
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
    return Promise.resolve(this.text);
  }
}

type Holder = { [KEPT]?: KeptBody };
const kept = (target: unknown) => (target as Holder)[KEPT]!;

/** Keeps `text` as the body of `target` (made without one); `make` builds the full object. */
export function keepBody(target: Body, text: string, make: () => Body): void {
  (target as Holder)[KEPT] = new KeptBody(text, make);
}

/** The kept text of a body not read yet (for a copy), or a TypeError as `clone()` throws one. */
export function keptText(target: Body, what: string): string {
  const body = kept(target);
  if (body.used) throw new TypeError(`${what}: Body has already been consumed.`);
  return body.text;
}

/** The text of a body kept and not read yet; undefined for any other body. */
export function unreadKeptText(target: Body): string | undefined {
  const body = (target as Holder)[KEPT];
  return body && !body.used ? body.text : undefined;
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
