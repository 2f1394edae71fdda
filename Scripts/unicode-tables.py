#!/usr/bin/env python3
"""Writes Sources/MoviesCore/Titles/UnicodeTables.swift: the Unicode data the title keys need.

The program folds titles without Foundation or ICU (see TitleKeys.swift), so it carries two compact
tables of its own, made here from Unicode data every Debian and Ubuntu machine has:

* NFKC_Casefold (Unicode's "NFKC_CF" property): for every code point that changes, what it becomes
  (nothing, for default-ignorable code points). Read from Perl's copy of the Unicode Character
  Database, unicore/To/NFKCCF.pl (perl-base ships it).
* Base letters: for every code point whose canonical decomposition is a letter followed by
  combining marks (é = e + U+0301), that letter; plus the Latin letters with a stroke or a ligature
  that Unicode does not decompose (ø, ł, đ, æ, œ...). From Python's unicodedata.

Both sources must be of one Unicode version, which the file records.

Usage: python3 Scripts/unicode-tables.py [path/to/NFKCCF.pl] > Sources/MoviesCore/Titles/UnicodeTables.swift
"""
import re
import sys
import unicodedata

PERL_PATHS = [
    "/usr/share/perl/5.36.0/unicore/To/NFKCCF.pl",
    "/usr/lib/x86_64-linux-gnu/perl-base/unicore/To/NFKCCF.pl",
]

# Letters Unicode gives no decomposition that a reader still files under a base letter (as the Unicode
# Collation Algorithm's root order does, at its primary strength): the stroke letters, dotless i,
# and the ligatures, spelled out.
EXTRA_BASE_LETTERS = {
    0x00F8: "o",   # ø
    0x0111: "d",   # đ
    0x00F0: "d",   # ð
    0x0142: "l",   # ł
    0x0127: "h",   # ħ
    0x0167: "t",   # ŧ
    0x0180: "b",   # ƀ
    0x0268: "i",   # ɨ
    0x0131: "i",   # ı
    0x00E6: "ae",  # æ
    0x0153: "oe",  # œ
    0x00FE: "th",  # þ
}

LINE = 2000


def read_nfkc_casefold(path):
    text = open(path, encoding="utf-8").read()
    version = re.search(r"Unicode\s+#?\s*database, Version ([0-9]+(?:\.[0-9]+)*)", text).group(1)
    mapping = {}
    for match in re.finditer(r'^"[^"]*" => "([^"]*)",\s*# U\+([0-9A-F]+) =>', text, re.M):
        mapping[int(match.group(2), 16)] = [int(x, 16) for x in re.findall(r"\\x\{([0-9A-F]+)\}", match.group(1))]
    body = text.split("return <<'END';\n")[1].split("\nEND")[0]
    for line in body.splitlines():
        start, end, value = line.split("\t")
        first = int(start, 16)
        last = int(end, 16) if end else first
        for code in range(first, last + 1):
            mapping.setdefault(code, [int(value, 16)])
    return version, mapping


def folding_records(mapping):
    """`X<first>-<last>` removes a range (X is no hex digit); `<cp>*<count>/<stride>:<delta>` maps a run of code points to
    each plus delta; `<cp>=<a>.<b>` maps one code point to several. Hex, delta signed."""
    records = []
    removed = sorted(code for code, value in mapping.items() if not value)
    index = 0
    while index < len(removed):
        end = index
        while end + 1 < len(removed) and removed[end + 1] == removed[end] + 1:
            end += 1
        records.append("X%X-%X" % (removed[index], removed[end]))
        index = end + 1
    singles = {code: value[0] for code, value in mapping.items() if len(value) == 1}
    keys = sorted(singles)
    index = 0
    while index < len(keys):
        code = keys[index]
        delta = singles[code] - code
        best, best_stride = 1, 1
        for stride in (1, 2):
            count = 1
            while (index + count < len(keys) and keys[index + count] == code + count * stride
                   and singles[keys[index + count]] - keys[index + count] == delta):
                count += 1
            if count > best:
                best, best_stride = count, stride
        sign = "-" if delta < 0 else ""
        if best == 1:
            records.append("%X:%s%X" % (code, sign, abs(delta)))
        else:
            records.append("%X*%X/%X:%s%X" % (code, best, best_stride, sign, abs(delta)))
        index += best
    for code in sorted(code for code, value in mapping.items() if len(value) > 1):
        records.append("%X=%s" % (code, ".".join("%X" % v for v in mapping[code])))
    return records


def base_letter_records(folded):
    """Only code points that NFKC_Casefold keeps (`folded` holds the others): keys are folded first.
`<cp>=<a>.<b>` for each letter filed under other letters; `<cp>*<count>=<a>` for a run of
    consecutive code points filed under the same letters."""
    bases = {}
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF or code in folded:
            continue
        character = chr(code)
        decomposed = unicodedata.normalize("NFD", character)
        if len(decomposed) < 2 or unicodedata.category(decomposed[0]) == "Mn":
            continue
        if all(unicodedata.category(mark) == "Mn" for mark in decomposed[1:]):
            bases[code] = [ord(decomposed[0])]
    for code, letters in EXTRA_BASE_LETTERS.items():
        bases[code] = [ord(letter) for letter in letters]
    records = []
    keys = sorted(bases)
    index = 0
    while index < len(keys):
        count = 1
        while (index + count < len(keys) and keys[index + count] == keys[index] + count
               and bases[keys[index + count]] == bases[keys[index]]):
            count += 1
        target = ".".join("%X" % v for v in bases[keys[index]])
        if count == 1:
            records.append("%X=%s" % (keys[index], target))
        else:
            records.append("%X*%X=%s" % (keys[index], count, target))
        index += count
    return records, len(bases)


def literal(records):
    lines, current = [], ""
    for record in records:
        if current and len(current) + 1 + len(record) > LINE:
            lines.append(current)
            current = record
        else:
            current = record if not current else current + " " + record
    if current:
        lines.append(current)
    return "\n".join("        " + line for line in lines)


def main():
    paths = sys.argv[1:] or PERL_PATHS
    path = next(p for p in paths if __import__("os").path.exists(p))
    version, mapping = read_nfkc_casefold(path)
    if version != unicodedata.unidata_version:
        sys.exit("NFKCCF.pl is Unicode %s but Python's unicodedata is %s" % (version, unicodedata.unidata_version))
    folding = folding_records(mapping)
    bases, base_count = base_letter_records(mapping)
    print("""// Generated by Scripts/unicode-tables.py from Unicode %(version)s; do not edit. Run the script again
// to update it (see there for the sources and the record formats).

/// The Unicode data the title keys need, carried by the program so that folding titles needs neither
/// Foundation nor ICU: NFKC_Casefold (%(folds)d code points) and the base letters of accented and
/// stroked letters (%(bases)d code points), in the compact text `UnicodeFolding` expands on first use.
enum UnicodeTables {
    /// The Unicode version of both tables.
    static let version = "%(version)s"

    /// NFKC_Casefold: `X<first>-<last>` removes, `<cp>*<count>/<stride>:<delta>` shifts a run,
    /// `<cp>:<delta>` shifts one, `<cp>=<a>.<b>` expands one (hex).
    static let nfkcCasefold = \"\"\"
%(folding)s
        \"\"\"

    /// Base letters: `<cp>=<a>.<b>` for one code point, `<cp>*<count>=<a>` for a run (hex).
    static let baseLetters = \"\"\"
%(base)s
        \"\"\"
}""" % {
        "version": version, "folds": len(mapping), "bases": base_count,
        "folding": literal(folding), "base": literal(bases),
    })


main()
