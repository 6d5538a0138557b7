/**
 * What an uploaded file is, told by its first bytes and the type the browser declared, never by
 * its name: a sheet (CSV, XLSX), a live-timing JSON export, or something else that is refused
 * with what it is (a script read as a CSV gives a page of garbage columns). Pure: no database.
 */
import type { ImportProblem } from '~/services/events/files/import-problems.server';

/** What the first bytes say: a zip (XLSX), JSON, text to read as CSV, or a named other kind. */
export type FileKind = 'zip' | 'json' | 'text' | { other: string | null };

const SCRIPT_START =
  /^(\/\/|\/\*|#!|import[\s{*]|export\s|const\s|let\s|var\s|function[\s*(]|async\s+function|class\s|module\.exports|require\(|['"]use (strict|client|server)['"])/;

function startsWith(bytes: Uint8Array, ...sig: number[]) {
  return sig.every((b, i) => bytes[i] === b);
}

/** The kind of a file by its first bytes (a UTF-16 text with its BOM is text). */
export function sniffFile(bytes: Uint8Array): FileKind {
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return 'zip';
  if (startsWith(bytes, 0xff, 0xfe) || startsWith(bytes, 0xfe, 0xff)) return 'text';
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return { other: 'PDF' };
  const head = bytes.subarray(0, 4096);
  // A NUL never appears in a UTF-8 or Windows-1252 text: an image, an archive, a program.
  if (head.includes(0)) return { other: null };
  const text = new TextDecoder('utf-8')
    .decode(head)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('[') || text.startsWith('{')) return 'json';
  if (/^<(!doctype\s+html|html)/i.test(text)) return { other: 'HTML' };
  if (text.startsWith('<')) return { other: 'XML' };
  if (SCRIPT_START.test(text)) return { other: 'JavaScript' };
  return 'text';
}

/** Types a browser declares for files that are never a sheet, with the name they are refused by. */
const REFUSED_TYPES: [RegExp, string | null][] = [
  [/javascript|ecmascript|typescript/, 'JavaScript'],
  [/^text\/html/, 'HTML'],
  [/^application\/pdf/, 'PDF'],
  [/^(image|audio|video|font)\//, null],
];

/** The problem of a file whose declared type is never a sheet, else null. */
export function refusedType(type: string): ImportProblem | null {
  const found = REFUSED_TYPES.find(([re]) => re.test(type.toLowerCase()));
  if (!found) return null;
  return notASheet(found[1]);
}

/** The problem of a file that is not a sheet: named when we know what it is. */
export function notASheet(name: string | null): ImportProblem {
  return name
    ? { row: null, column: null, code: 'notASheet', value: name }
    : { row: null, column: null, code: 'unsupportedFile' };
}
