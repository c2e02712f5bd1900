/**
 * Test support: XLSX workbooks written by hand as ZIP archives, so a test can make a workbook of a
 * million rows that is a few KB on disk (the rows repeat, so they deflate to almost nothing) without
 * exceljs building it row by row.
 */
import { crc32, deflateRawSync } from "node:zlib";

/** A ZIP archive of `files` (name, content), each deflated, with its central directory. */
export function zipArchive(files: Array<[name: string, content: string | Buffer]>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.byteLength, 18);
    local.writeUInt32LE(data.byteLength, 22);
    local.writeUInt16LE(nameBytes.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.byteLength, 20);
    central.writeUInt32LE(data.byteLength, 24);
    central.writeUInt16LE(nameBytes.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.byteLength + nameBytes.byteLength + packed.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/**
 * An XLSX workbook of one worksheet "Marks": a header row "Student Code", then `rows` rows of one
 * number cell each, and the declared dimension `dimension` (e.g. "A1:A1000001") when given.
 * `numbered` writes each row's and cell's reference (exceljs needs them to build its model); without
 * them a million rows deflate to a few KB, as in a hostile file, and exceljs would still read every
 * row before it fails.
 */
export function workbookXlsx(options: { rows: number; dimension?: string; numbered?: boolean }): Uint8Array {
  const header = options.numbered
    ? `<row r="1"><c r="A1" t="inlineStr"><is><t>Student Code</t></is></c></row>`
    : `<row><c t="inlineStr"><is><t>Student Code</t></is></c></row>`;
  const body = options.numbered
    ? Array.from(
        { length: options.rows },
        (_, i) => `<row r="${i + 2}"><c r="A${i + 2}"><v>1</v></c></row>`,
      ).join("")
    : "<row><c><v>1</v></c></row>".repeat(options.rows);
  const sheet = Buffer.concat([
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}">` +
        (options.dimension ? `<dimension ref="${options.dimension}"/>` : "") +
        `<sheetData>${header}`,
    ),
    Buffer.from(body),
    Buffer.from("</sheetData></worksheet>"),
  ]);
  return zipArchive([
    [
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        `</Types>`,
    ],
    [
      "_rels/.rels",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
        `<sheets><sheet name="Marks" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ],
    ["xl/worksheets/sheet1.xml", sheet],
  ]);
}
