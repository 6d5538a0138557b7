/** Uploaded file names: what is shown and stored, and how a download header carries them. */

/** A display-safe original name (no folders, no control characters, at most 200 characters). */
export function cleanOriginalName(name: string): string {
  // Browsers send `"`, CR and LF in a file name as %22, %0D and %0A: quotes are kept, line
  // breaks and other control characters become spaces. Any other character is kept as it is.
  const decoded = name.replace(/%22/g, '"').replace(/%0[AD]/gi, ' ');
  const base = decoded.split(/[/\\]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (clean || 'document').slice(0, 200);
}

/** A header parameter's extended value (RFC 5987: `'()*!` are delimiters there, so encoded too). */
export function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
