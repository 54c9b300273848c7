// Reads a zip archive (the flipcards package, assets/flipcards/flipcards.zip) into its entries,
// in JavaScript, while Pyodide is still starting: the worker then writes them into Pyodide's
// file system itself, so that the cold start does not wait for Python's zipfile to unpack the
// package file by file. The build stores the files (nothing to inflate); deflated entries, as
// any zip tool writes them, are inflated natively by DecompressionStream.
//
// Accepted: entries stored or deflated, no encryption, no ZIP64, relative names without "..".
// Anything else is an error that names the archive and the entry, never a partial unpack.

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * The entries of a zip archive: folders (name ending in "/", data null) and files (their bytes),
 * in the archive's order.
 *
 * @param {Uint8Array} bytes the whole archive
 * @param {string} label what to call the archive in an error message
 * @returns {Promise<{name: string, data: Uint8Array | null}[]>}
 */
export async function readZip(bytes, label) {
  const fail = (what) => {
    throw new Error(`${label} is not a zip this site can read: ${what}`);
  };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes, then a comment of up to 65535 bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) fail("no end of central directory");
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  let at = view.getUint32(end + 16, true);
  if (at + directorySize > end) fail("the central directory lies outside the archive");
  const names = new TextDecoder("utf-8", { fatal: true });
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) {
      fail(`entry ${i + 1} of ${count} is missing from the central directory`);
    }
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const packedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + skip;
    const where = `${name}: `;
    if (!name || name.startsWith("/") || name.split("/").includes("..")) fail(`${where}unsafe name`);
    if (flags & 1) fail(`${where}encrypted`);
    if (method !== STORED && method !== DEFLATED) fail(`${where}compression method ${method}`);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_HEADER) {
      fail(`${where}no local header`);
    }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + packedSize > bytes.length) fail(`${where}truncated`);
    const packed = bytes.subarray(start, start + packedSize);
    entries.push({ name, method, size, packed, where });
  }
  // Inflate every file concurrently (asynchronously: the worker goes on starting Pyodide).
  return Promise.all(entries.map(async ({ name, method, size, packed, where }) => {
    if (name.endsWith("/")) return { name, data: null };
    let data = packed;
    if (method === DEFLATED) {
      const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      try {
        data = new Uint8Array(await new Response(stream).arrayBuffer());
      } catch (error) {
        fail(`${where}cannot be inflated (${error?.message ?? error})`);
      }
    }
    if (data.length !== size) fail(`${where}${data.length} bytes, the directory says ${size}`);
    return { name, data };
  }));
}

/**
 * Write zip entries under `root` of an Emscripten file system (Pyodide's `pyodide.FS`).
 *
 * @param {{mkdirTree: (path: string) => void, writeFile: (path: string, data: Uint8Array) => void}} fs
 * @param {string} root
 * @param {{name: string, data: Uint8Array | null}[]} entries
 */
export function writeEntries(fs, root, entries) {
  for (const { name, data } of entries) {
    const path = `${root}/${name}`;
    if (data === null) {
      fs.mkdirTree(path.replace(/\/$/, ""));
    } else {
      fs.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      fs.writeFile(path, data);
    }
  }
}
