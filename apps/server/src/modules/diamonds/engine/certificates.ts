/**
 * The stones' certificate numbers as one column of bytes: a fixed slot per row, as wide as the longest number held.
 * A million numbers as strings were some 40 MB of the search thread's heap, kept alive through every collection;
 * as bytes they are about 12 MB outside it, and moving rows is a copy of slots.
 *
 * Numbers are letters, digits and dashes (the import's rule), so a character is a byte. One that is not (or is
 * longer than MAX_SLOT) is kept whole in a map by row, so nothing a database could hold is refused or altered.
 */

/** The widest slot: the import takes certificate numbers of up to 32 characters. */
const MAX_SLOT = 32;
/** The length byte of a row whose number is kept in `#others`. */
const ELSEWHERE = 255;

export class CertificateColumn {
  /** Bytes per slot. */
  #slot: number;
  #bytes: Uint8Array;
  /** The length of each row's number, or ELSEWHERE. */
  #lengths: Uint8Array;
  #others = new Map<number, string>();

  constructor(capacity: number, slot = 12) {
    this.#slot = slot;
    this.#bytes = new Uint8Array(capacity * slot);
    this.#lengths = new Uint8Array(capacity);
  }

  get capacity(): number {
    return this.#lengths.length;
  }

  /** Bytes held, for the memory figures. */
  get byteLength(): number {
    return this.#bytes.byteLength + this.#lengths.byteLength;
  }

  /** Makes the slots wide enough for the first `n` of `texts` at once (one copy for a chunk of longer numbers). */
  fit(texts: readonly string[], n = texts.length): void {
    let longest = 0;
    for (let k = 0; k < n; k++) {
      const length = texts[k]!.length;
      if (length > longest && length <= MAX_SLOT) longest = length;
    }
    if (longest > this.#slot) this.#widen(longest);
  }

  set(row: number, text: string): void {
    const n = text.length;
    const inSlot = n <= MAX_SLOT && isBytes(text);
    if (inSlot && n > this.#slot) this.#widen(n);
    if (!inSlot) {
      this.#lengths[row] = ELSEWHERE;
      this.#others.set(row, text);
      return;
    }
    this.#others.delete(row);
    const at = row * this.#slot;
    for (let k = 0; k < n; k++) this.#bytes[at + k] = text.charCodeAt(k);
    this.#lengths[row] = n;
  }

  get(row: number): string {
    const n = this.#lengths[row]!;
    if (n === ELSEWHERE) return this.#others.get(row)!;
    const at = row * this.#slot;
    return String.fromCharCode(...this.#bytes.subarray(at, at + n));
  }

  /** Whether row's number starts with `prefix` (upper case), ASCII letters compared without case as SQLite's LIKE. */
  startsWith(row: number, prefix: string): boolean {
    const n = this.#lengths[row]!;
    if (n === ELSEWHERE) return asciiUpper(this.#others.get(row)!).startsWith(prefix);
    if (prefix.length > n) return false;
    const at = row * this.#slot;
    for (let k = 0; k < prefix.length; k++) {
      let code = this.#bytes[at + k]!;
      if (code >= 97 && code <= 122) code -= 32;
      if (code !== prefix.charCodeAt(k)) return false;
    }
    return true;
  }

  /** The same numbers in `capacity` rows, the first ones kept. */
  grown(capacity: number): CertificateColumn {
    const out = new CertificateColumn(capacity, this.#slot);
    out.#bytes.set(this.#bytes.subarray(0, Math.min(this.#bytes.length, out.#bytes.length)));
    out.#lengths.set(this.#lengths.subarray(0, Math.min(this.#lengths.length, capacity)));
    for (const [row, text] of this.#others) if (row < capacity) out.#others.set(row, text);
    return out;
  }

  /** A new column of `capacity` rows whose row k holds this column's row `order[k]`. */
  gathered(order: Int32Array, capacity: number): CertificateColumn {
    const out = new CertificateColumn(capacity, this.#slot);
    const slot = this.#slot;
    const from = this.#bytes;
    const to = out.#bytes;
    for (let k = 0; k < order.length; k++) {
      const row = order[k]!;
      const n = this.#lengths[row]!;
      out.#lengths[k] = n;
      if (n === ELSEWHERE) out.#others.set(k, this.#others.get(row)!);
      else to.set(from.subarray(row * slot, row * slot + n), k * slot);
    }
    return out;
  }

  /**
   * Makes every slot at least `length` bytes wide, for a longer number than any held: by four bytes at least, so
   * numbers a character longer each time do not copy the column each time.
   */
  #widen(length: number): void {
    const slot = Math.min(MAX_SLOT, Math.max(length, Math.ceil((this.#slot + 4) / 4) * 4));
    const rows = this.#lengths.length;
    const bytes = new Uint8Array(rows * slot);
    for (let row = 0; row < rows; row++) {
      const n = this.#lengths[row]!;
      if (n !== ELSEWHERE && n > 0) bytes.set(this.#bytes.subarray(row * this.#slot, row * this.#slot + n), row * slot);
    }
    this.#bytes = bytes;
    this.#slot = slot;
  }
}

/** Every character is plain ASCII (one byte each). */
function isBytes(text: string): boolean {
  for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) > 0x7e) return false;
  return true;
}

/** Upper-cases ASCII letters only, as SQLite's LIKE compares. */
export function asciiUpper(text: string): string {
  return text.replace(/[a-z]+/g, (s) => s.toUpperCase());
}
