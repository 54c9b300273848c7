"""The worker's zip reader (docs/javascripts/zip.mjs), run under Node on zips Python writes.

The worker unpacks the package (assets/flipcards/flipcards.zip) with it into Pyodide's file
system; a wrong byte there is a broken runtime, and a zip it cannot read must say so, naming
the archive and the entry.
"""

from __future__ import annotations

import base64
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from flipcards_site.assets import package_zip

ROOT = Path(__file__).resolve().parents[1]
ZIP_MJS = ROOT / "docs" / "javascripts" / "zip.mjs"

# Reads the zip given in base64 on stdin; prints its entries, or the error's message; then
# writes the entries through writeEntries into a recording stand-in of Pyodide's FS.
SCRIPT = """
import { readZip, writeEntries } from ZIP_MJS;
let input = "";
for await (const chunk of process.stdin) input += chunk;
const bytes = new Uint8Array(Buffer.from(input, "base64"));
try {
  const entries = await readZip(bytes, "test.zip");
  const calls = [];
  writeEntries({ mkdirTree: (p) => calls.push(["mkdir", p]),
                 writeFile: (p, d) => calls.push(["write", p, d.length]) }, "/root", entries);
  console.log(JSON.stringify({ entries: entries.map(({ name, data }) =>
    [name, data === null ? null : Buffer.from(data).toString("base64")]), calls }));
} catch (error) {
  console.log(JSON.stringify({ error: error.message }));
}
""".replace("ZIP_MJS", json.dumps(ZIP_MJS.as_uri()))


def read(data: bytes) -> dict[str, object]:
    node = shutil.which("node")
    assert node, "Node.js is needed to build the site and for this test (see README.md)"
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT],
                          input=base64.b64encode(data), capture_output=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def zip_of(entries: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=method) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_the_package_zip_the_build_ships_reads_back_byte_for_byte() -> None:
    shipped = package_zip(ROOT / "pysrc" / "flipcards")
    result = read(shipped)
    with zipfile.ZipFile(io.BytesIO(shipped)) as archive:
        expected = [[info.filename, None if info.is_dir()
                     else base64.b64encode(archive.read(info)).decode()]
                    for info in archive.infolist()]
    assert result["entries"] == expected
    assert any(name == "flipcards/data/cards.json" for name, _ in expected)


@pytest.mark.parametrize("method", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
def test_stored_and_deflated_entries_empty_files_and_folders(method: int) -> None:
    data = {"pkg/": b"", "pkg/a.py": b"print('\xc3\xa9')\n" * 300, "pkg/empty.txt": b"",
            "pkg/sub/b.bin": bytes(range(256)) * 40}
    result = read(zip_of(data, method))
    assert result["entries"] == [[name, None if name.endswith("/") else
                                  base64.b64encode(content).decode()]
                                 for name, content in data.items()]
    # Folders are made before the files in them are written, under the given root.
    assert result["calls"] == [
        ["mkdir", "/root/pkg"],
        ["mkdir", "/root/pkg"], ["write", "/root/pkg/a.py", len(data["pkg/a.py"])],
        ["mkdir", "/root/pkg"], ["write", "/root/pkg/empty.txt", 0],
        ["mkdir", "/root/pkg/sub"], ["write", "/root/pkg/sub/b.bin", 256 * 40],
    ]


def damaged_deflate() -> bytes:
    """A zip whose one entry's deflated bytes begin with a block of the reserved type."""
    data = bytearray(zip_of({"a.py": b"abc" * 1000}))
    start = 30 + int.from_bytes(data[26:28], "little") + int.from_bytes(data[28:30], "little")
    data[start] = 0xFF  # final block, block type 3: invalid
    return bytes(data)


@pytest.mark.parametrize(("archive", "message"), [
    (b"", "no end of central directory"),
    (b"not a zip at all" * 10, "no end of central directory"),
    (zip_of({"a.py": b"x = 1\n" * 100})[:-30], "no end of central directory"),
    (zip_of({"../evil.py": b"x"}), "../evil.py: unsafe name"),
    (zip_of({"/etc/evil": b"x"}), "/etc/evil: unsafe name"),
    (zip_of({"a.py": b"x = 1\n"}, zipfile.ZIP_BZIP2), "a.py: compression method 12"),
    (damaged_deflate(), "a.py: cannot be inflated"),
])
def test_a_zip_it_cannot_read_is_an_error_naming_the_archive_and_the_entry(
        archive: bytes, message: str) -> None:
    error = read(archive).get("error")
    assert isinstance(error, str)
    assert error.startswith("test.zip is not a zip this site can read: ")
    assert message in error


def test_an_entry_whose_size_disagrees_with_the_directory_is_an_error() -> None:
    data = zip_of({"a.py": b"0123456789"}, zipfile.ZIP_STORED)
    # The central directory's uncompressed size of the entry: 10 -> 11.
    directory = data.rindex(b"PK\x01\x02")
    size_at = directory + 24
    changed = data[:size_at] + (11).to_bytes(4, "little") + data[size_at + 4:]
    assert read(changed) == {
        "error": "test.zip is not a zip this site can read: a.py: 10 bytes, the directory says 11"}
