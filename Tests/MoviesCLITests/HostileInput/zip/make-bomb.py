"""Writes a zip bomb: a small zip with one entry that inflates to SIZE bytes of valid Letterboxd rows.

    python3 make-bomb.py OUT.zip ENTRY SIZE [rows|zeros] [DECLARED]

ENTRY is the name inside the zip (diary.csv, likes/films.csv...). The data is valid diary rows (the
default: 3 GB take 9 MB) or zero bytes (3 GB take 3 MB). DECLARED, when given, is the uncompressed size
written in the headers instead of the real one (a lying header). The deflate data is one compressed
megabyte repeated: after a full flush the compressor starts afresh, so the same block of
output can be written again and again, and 3 GB of rows take 3 MB and a few seconds to make. Besides the
bomb, the zip holds a small watched.csv so that the export is otherwise a real one.
"""
import struct
import sys
import zlib

out, entry, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
fill = sys.argv[4] if len(sys.argv) > 4 else "rows"
declared = int(sys.argv[5]) if len(sys.argv) > 5 else None

header = b"Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n"
if fill == "zeros":
    chunk = bytes(1 << 20)
else:
    row = b"2024-01-01,A film,2000,https://boxd.it/x,4,,,2024-01-01\n"
    chunk = row * ((1 << 20) // len(row))
count = max(0, size - len(header)) // len(chunk)
real_size = len(header) + count * len(chunk)


def deflated_piece(data):
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush(zlib.Z_FULL_FLUSH)


head_piece = deflated_piece(header)
piece = deflated_piece(chunk)
final_block = b"\x03\x00"  # an empty final block ends the deflate stream
crc = zlib.crc32(header)
for _ in range(count):
    crc = zlib.crc32(chunk, crc)
compressed_size = len(head_piece) + count * len(piece) + len(final_block)

small_name = b"watched.csv"
small = b"Date,Name,Year,Letterboxd URI\n2024-01-01,Heat,1995,https://boxd.it/heat\n"
entries = []
with open(out, "wb") as f:

    def local(name, method, crc, csize, usize):
        offset = f.tell()
        f.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0x21, crc, csize, usize, len(name), 0))
        f.write(name)
        entries.append((name, method, crc, csize, usize, offset))

    local(small_name, 0, zlib.crc32(small), len(small), len(small))
    f.write(small)
    shown = declared if declared is not None else real_size
    local(entry.encode(), 8, crc, compressed_size, shown)
    f.write(head_piece)
    for _ in range(count):
        f.write(piece)
    f.write(final_block)
    directory = f.tell()
    for name, method, crc, csize, usize, offset in entries:
        f.write(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 0x0314, 20, 0, method, 0, 0x21, crc, csize, usize,
                            len(name), 0, 0, 0, 0, 0o100644 << 16, offset))
        f.write(name)
    end = f.tell()
    f.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), end - directory, directory, 0))
