// ADR 011: a request's text is UTF-8 and well-formed Unicode, or it is refused. Without these
// checks the platform's decoders swap bad bytes and lone surrogates for U+FFFD and the
// mangled text is stored as if the user had sent it.

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The bytes as UTF-8 text, or null when they are not UTF-8. */
export function strictUtf8(bytes: ArrayBuffer | Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * The path ("emails.1", "(root)") of the first key or string in a parsed JSON value that holds
 * a lone surrogate ("\ud800" escapes decode to one), or null. Iterative: bodies may nest deep.
 */
export function lonePathIn(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (hasLoneSurrogate(node)) return path || '(root)';
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        const at = path ? `${path}.${key}` : key;
        if (hasLoneSurrogate(key)) return at;
        stack.push([item, at]);
      }
    }
  }
  return null;
}

/**
 * Whether an application/x-www-form-urlencoded body decodes to UTF-8: its percent-escapes and
 * raw bytes, taken together, must form UTF-8 ('&', '=' and '+' are ASCII and never split a character).
 */
export function isUtf8FormBody(body: ArrayBuffer): boolean {
  const raw = new Uint8Array(body);
  const bytes = new Uint8Array(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const hex = raw[i] === 0x25 && i + 2 < raw.length ? String.fromCharCode(raw[i + 1]!, raw[i + 2]!) : '';
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      bytes[n++] = parseInt(hex, 16);
      i += 2;
    } else {
      bytes[n++] = raw[i]!;
    }
  }
  return strictUtf8(bytes.subarray(0, n)) !== null;
}
