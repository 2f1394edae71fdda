"""Writes the hostile zip files of this folder (run from it: python3 make-corpus.py).

Each is a small "Letterboxd export" with one thing wrong; cases.json says what `movies import` must do
with it. encrypted.zip needs the `zip` command (Python's zipfile cannot encrypt).
"""
import os
import stat
import struct
import subprocess
import tempfile
import zipfile
import zlib

HEADER = "Date,Name,Year,Letterboxd URI\n"


def row(title, year=2001):
    return f"2024-01-01,{title},{year},https://boxd.it/{abs(hash(title)) % 100000}\n"


def write(name, entries):
    """entries: (name, text, unix mode or None) in order."""
    with zipfile.ZipFile(name, "w", zipfile.ZIP_DEFLATED) as archive:
        for entry, text, mode in entries:
            info = zipfile.ZipInfo(entry, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = (mode if mode is not None else stat.S_IFREG | 0o644) << 16
            archive.writestr(info, text)


def patch(name, offset_from, old, new):
    data = bytearray(open(name, "rb").read())
    at = data.find(old, offset_from)
    assert at >= 0, (name, old)
    data[at : at + len(new)] = new
    open(name, "wb").write(bytes(data))


fine = ("watched.csv", HEADER + row("Fine film"), None)
write("traversal.zip", [fine, ("../watchlist.csv", HEADER + row("Outside"), None)])
write("absolute.zip", [fine, ("/tmp/watchlist.csv", HEADER + row("Outside"), None)])
write("backslash-traversal.zip", [fine, ("..\\..\\watchlist.csv", HEADER + row("Outside"), None)])
write("escape-in-name.zip", [fine, ("../\x1b[2Jevil.csv", HEADER + row("Outside"), None)])
write("symlink-entry.zip", [("watchlist.csv", "/etc/passwd", stat.S_IFLNK | 0o777), fine])
write("fifo-entry.zip", [("watchlist.csv", HEADER + row("Through a FIFO"), stat.S_IFIFO | 0o644), fine])
write("directory-entry.zip", [("watchlist.csv/", "", stat.S_IFDIR | 0o755), fine])
write("two-folders.zip", [("a/watched.csv", HEADER + row("In a"), None), ("b/watched.csv", HEADER + row("In b"), None)])
write("duplicate-entries.zip", [fine, ("watched.csv", HEADER + row("Second copy"), None)])
write(
    "folder-export.zip",
    [
        ("letterboxd-me-2024/watched.csv", HEADER + row("From the folder"), None),
        ("letterboxd-me-2024/deleted/watched.csv", HEADER + row("Deleted, not imported"), None),
        ("letterboxd-me-2024/likes/films.csv", HEADER + row("Liked, not imported"), None),
    ],
)
write(
    "top-level-wins.zip",
    [fine, ("deleted/watched.csv", HEADER + row("Deleted, not imported"), None)],
)
open("not-a-zip.zip", "w").write(HEADER + row("Plain text"))
write("truncated.zip", [fine])
data = open("truncated.zip", "rb").read()
open("truncated.zip", "wb").write(data[: len(data) // 2])
# A flipped byte in the deflated data: it inflates to other bytes, whose CRC does not match.
write("crc-mismatch.zip", [("watched.csv", HEADER + row("Damaged") * 50, None)])
data = bytearray(open("crc-mismatch.zip", "rb").read())
data[60] ^= 0x01
open("crc-mismatch.zip", "wb").write(bytes(data))
# Compression method 99 is WinZip's AES marker, 97 WavPack: libzip reads neither without its plug-ins.
write("unsupported-method.zip", [fine])
data = bytearray(open("unsupported-method.zip", "rb").read())
for signature in (b"PK\x03\x04", b"PK\x01\x02"):
    at = data.find(signature)
    method = at + (8 if signature == b"PK\x03\x04" else 10)
    data[method : method + 2] = struct.pack("<H", 97)
open("unsupported-method.zip", "wb").write(bytes(data))

with tempfile.TemporaryDirectory() as folder:
    with open(os.path.join(folder, "watched.csv"), "w") as file:
        file.write(HEADER + row("Secret"))
    if os.path.exists("encrypted.zip"):
        os.remove("encrypted.zip")
    subprocess.run(["zip", "-q", "-j", "-P", "password", os.path.abspath("encrypted.zip"),
                    os.path.join(folder, "watched.csv")], check=True)
