// Reads an RFC 822 message (.eml) back into its headers, bodies and attachments, enough for the
// outbox page to show what nodemailer wrote: MIME multiparts, base64 and quoted-printable, RFC
// 2047 encoded words in headers and RFC 2231 file names. Not a general-purpose mail parser.

export interface EmlAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

export interface ParsedEml {
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string | null;
  readonly html: string | null;
  readonly attachments: readonly EmlAttachment[];
}

interface Part {
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

const splitHead = (raw: Buffer): { head: string; body: Buffer } => {
  const text = raw.toString('latin1');
  const match = /\r?\n\r?\n/.exec(text);
  if (!match) return { head: text, body: Buffer.alloc(0) };
  return { head: text.slice(0, match.index), body: raw.subarray(match.index + match[0].length) };
};

const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?') // whitespace between encoded words is not part of the text
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_all, charset: string, encoding: string, data: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            );
      return decodeCharset(bytes, charset);
    });

const decodeCharset = (bytes: Buffer, charset: string | undefined): string => {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
};

const parseHeaders = (head: string): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Header bytes are UTF-8 when not encoded words (SMTPUTF8); read them as such.
    const value = decodeWords(Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8'));
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return headers;
};

/** 'text/plain; charset=utf-8' -> { value: 'text/plain', params: { charset: 'utf-8' } } */
export const parseHeaderValue = (header: string | undefined) => {
  const [value = '', ...rest] = (header ?? '').split(';');
  const params: Record<string, string> = {};
  const continued: Record<string, string[]> = {};
  for (const piece of rest) {
    const eq = piece.indexOf('=');
    if (eq < 0) continue;
    const key = piece.slice(0, eq).trim().toLowerCase();
    const raw = piece
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    // RFC 2231: name*=utf-8''caf%C3%A9 or name*0*=... name*1*=...
    const star = /^([^*]+)\*(\d+)?\*?$/.exec(key);
    if (star) (continued[star[1]!] ??= [])[Number(star[2] ?? 0)] = raw;
    else params[key] = raw;
  }
  for (const [key, pieces] of Object.entries(continued)) {
    const joined = pieces.join('');
    const encoded = /^([^']*)'[^']*'(.*)$/.exec(joined);
    params[key] = encoded
      ? decodeCharset(
          Buffer.from(decodeURIComponent(encoded[2]!.replace(/%(?![0-9A-Fa-f]{2})/g, '%25')), 'utf8'),
          encoded[1],
        )
      : joined;
  }
  return { value: value.trim().toLowerCase(), params };
};

const decodeBody = (part: Part): Buffer => {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.toString('latin1').replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const text = part.body
      .toString('latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(text, 'latin1');
  }
  return part.body;
};

const splitMultipart = (body: Buffer, boundary: string): Buffer[] => {
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  const parts: Buffer[] = [];
  let at = text.indexOf(delimiter);
  while (at >= 0) {
    const start = text.indexOf('\n', at) + 1;
    if (start === 0 || text.startsWith(`${delimiter}--`, at)) break;
    const next = text.indexOf(`\n${delimiter}`, start);
    if (next < 0) break;
    const end = text[next - 1] === '\r' ? next - 1 : next;
    parts.push(body.subarray(start, end));
    at = next + 1;
  }
  return parts;
};

const leaves = (raw: Buffer, topLevel: boolean): Part[] => {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = parseHeaderValue(headers['content-type']);
  if (type.value.startsWith('multipart/') && type.params.boundary)
    return splitMultipart(body, type.params.boundary).flatMap((part) => leaves(part, false));
  // A message of one part ends with the CRLF that ends its last line; a part's belongs to the
  // boundary after it.
  const end = topLevel && body.subarray(-2).toString('latin1') === '\r\n' ? body.length - 2 : body.length;
  return [{ headers, body: body.subarray(0, end) }];
};

/** A text part: MIME writes its lines with CRLF; we hand them back as \n. */
const textOf = (content: Buffer, charset: string | undefined): string =>
  decodeCharset(content, charset).replace(/\r\n/g, '\n');

export const parseEml = (raw: Buffer): ParsedEml => {
  const { head } = splitHead(raw);
  const headers = parseHeaders(head);
  let text: string | null = null;
  let html: string | null = null;
  const attachments: EmlAttachment[] = [];
  for (const part of leaves(raw, true)) {
    const type = parseHeaderValue(part.headers['content-type'] ?? 'text/plain');
    const disposition = parseHeaderValue(part.headers['content-disposition']);
    const filename = disposition.params.filename ?? type.params.name;
    const content = decodeBody(part);
    if (disposition.value !== 'attachment' && !filename && type.value === 'text/plain' && text === null)
      text = textOf(content, type.params.charset);
    else if (disposition.value !== 'attachment' && !filename && type.value === 'text/html' && html === null)
      html = textOf(content, type.params.charset);
    else
      attachments.push({
        filename: filename ?? `part-${attachments.length + 1}`,
        contentType: type.value || 'application/octet-stream',
        content,
      });
  }
  return { headers, text, html, attachments };
};
