/** What a ZIP file's central directory declares: its entries and their total uncompressed size. */
export interface ZipDeclaration {
  entries: number;
  uncompressedBytes: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;

/**
 * Reads a ZIP central directory without inflating anything, so an XLSX can be refused before
 * SheetJS expands it (zip bombs). Null when the buffer is not a readable ZIP. ZIP64 archives
 * (sizes of 0xFFFFFFFF) count as too large: a spreadsheet we accept never needs them.
 */
export function inspectZip(buf: Buffer): ZipDeclaration | null {
  const searchFrom = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= searchFrom; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  const directoryOffset = buf.readUInt32LE(eocd + 16);
  let offset = directoryOffset;
  let uncompressedBytes = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== CENTRAL_SIGNATURE) return null;
    const size = buf.readUInt32LE(offset + 24);
    uncompressedBytes += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    offset += 46 + buf.readUInt16LE(offset + 28) + buf.readUInt16LE(offset + 30) + buf.readUInt16LE(offset + 32);
  }
  return { entries, uncompressedBytes };
}
