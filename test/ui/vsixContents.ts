// The names of the files in a .vsix (a zip), read from the archive's central directory, so the test checks
// what was really packaged without an unzip tool.
import { readFileSync } from 'node:fs';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

export function listVsixFiles(file: string): string[] {
  const zip = readFileSync(file);
  // The end record is in the last 22 bytes plus an optional comment of up to 64 KiB.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i -= 1) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${file} is not a zip archive`);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < count; n += 1) {
    if (zip.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY)
      throw new Error(`${file}: bad central directory entry ${n}`);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names.sort();
}
