/**
 * A malformed import file: names the file and the 1-based line, so staff can find and fix it.
 * Nothing of a file that raises this is imported.
 */
export class ImportFormatError extends Error {
  readonly file: string;
  readonly line: number;
  readonly reason: string;

  constructor(file: string, line: number, reason: string) {
    super(`${file}, line ${line}: ${reason}`);
    this.name = "ImportFormatError";
    this.file = file;
    this.line = line;
    this.reason = reason;
  }
}

/** The lines of a text file without their line breaks (LF or CRLF), numbered from 1. */
export function numberedLines(text: string): Array<{ line: number; text: string }> {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines.map((value, index) => ({ line: index + 1, text: value }));
}
