#!/usr/bin/env python3
"""Writes Scripts/startup-order.txt: the functions a one-shot command runs and the data it touches, for
the linker to lay out together at the front of the installed binary's text and data sections.

    Scripts/install.sh --build-only --with-symbols
    Scripts/startup-order.py .build/install-symbols/release/movies

Why: the installed binary's 11 MB of text hold the code of the Swift library, FoundationEssentials and
this program, and the few hundred kilobytes a `movies list` runs were spread over all of it. The kernel
maps a file's pages around each page fault (up to 64 KiB), so every fault in that spread-out code mapped
pages nobody ran: time in the kernel at start and at exit, and resident memory (docs/ARCHITECTURE.md,
"Laid out for start-up"). `Scripts/startup-linker` gives this file to `ld.lld --symbol-ordering-file`,
which moves the section holding each listed symbol to the front, in the file's order.

How: each command below runs twice under `valgrind --tool=callgrind`, each time on a fresh copy of a
scratch database, and every function of the binary either run executed is listed by its symbol name
(the symbol around each instruction counted, found in the binary's own symbol table):
the functions that more commands run first (start-up, the parser, the schema check), then by name.
Then each runs once under valgrind's lackey, and every data symbol it loaded or stored in `.data`,
`.bss`, `.data.rel.ro` or `.rodata` is listed after the functions, in the same order: the data of the
Swift runtime and of each module sits in one section per object file, spread over 3 MB, and an
untouched `.bss` page costs a fault to read and another to write. The list is committed, so a build
needs neither valgrind nor this script; run it again when the commands' code changes much (a symbol
that no longer exists is skipped by the linker, a new one is laid out in the usual order, so a stale
list costs speed, never correctness).
"""

import bisect
import collections
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def commands(database):
    """The one-shot commands movies-bench times, and the everyday ones beside them."""
    db = ["--db", database]
    return [
        ["--version"],
        db + ["list", "--limit", "50", "--format", "csv"],
        db + ["list"],
        db + ["search", "kappa", "river42", "--limit", "20", "--format", "csv"],
        db + ["search", "heat"],
        db + ["show", "42"],
        db + ["add", "Order one", "--year", "2001"],
        db + ["add", "Order two", "--rating", "good"],
        db + ["--help"],
    ]


def imdb_ratings(path, rows):
    """An IMDb ratings export of `rows` films, as IMDb writes it: with the genres and directors that a
    Letterboxd export lacks, so a listed row runs the code that splits them."""
    genres = ["Drama", "Action, Crime, Drama", "Comedy, Romance", "Documentary"]
    with open(path, "w", encoding="utf-8") as out:
        out.write("Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,"
                  "Runtime (mins),Year,Genres,Num Votes,Release Date,Directors\n")
        for index in range(1, rows + 1):
            title = f"Film {index} river{index % 100}"
            out.write(f"tt{1000000 + index},{1 + index % 10},2024-02-{1 + index % 28:02d},{title},"
                      f"{title},https://www.imdb.com/title/tt{1000000 + index}/,Movie,7.1,"
                      f"{80 + index % 100},{1900 + index % 120},\"{genres[index % len(genres)]}\","
                      f"{1000 + index},{1900 + index % 120}-05-01,Director {index % 500}\n")


def letterboxd_ratings(path, rows):
    """A Letterboxd ratings.csv of `rows` films, as the export writes it."""
    words = ["Alpha", "Beta", "Gamma", "Delta", "Kappa", "Omega", "Sigma", "Theta"]
    with open(path, "w", encoding="utf-8") as out:
        out.write("Date,Name,Year,Letterboxd URI,Rating\n")
        for index in range(1, rows + 1):
            title = f"Film {index} {words[index % len(words)]} river{index % 100}"
            stars = (index % 10 + 1) / 2
            out.write(f"2024-01-{1 + index % 28:02d},{title},{1900 + index % 120},"
                      f"https://boxd.it/m{index},{stars:g}\n")


def sized_symbols(binary, kinds):
    """The binary's defined symbols of the `nm` kinds in `kinds` that have a size, as (start, size,
    name) by address, local ones included."""
    table = subprocess.run(["nm", "-n", "-S", "--defined-only", binary], check=True,
                           capture_output=True, text=True)
    symbols = []
    for line in table.stdout.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in kinds:
            symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    return symbols


def function_symbols(binary):
    """The binary's function symbols as (start, end, name) by address, local ones included: a
    specialisation the compiler emits into each module that uses it (`Array<Int8>`'s growth, say) is
    one local symbol per object file, all with the same name."""
    return [(start, start + size, name) for start, size, name in sized_symbols(binary, "tTwW")]


def executed_functions(binary, arguments, environment, scratch, functions):
    """The names of the functions of `binary` that one run executed: the symbol around each
    instruction callgrind counted. By address, not by the name callgrind gives a function: valgrind
    keeps one of several local symbols of the same name, and counts the code of the others under
    whichever symbol comes before it, so the copies a command ran went unlisted and stayed in the
    unordered text (one 64 KiB window each)."""
    report = os.path.join(scratch, "run.callgrind")
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-strings=no",
         "--compress-pos=no", f"--callgrind-out-file={report}", binary] + arguments,
        env=environment, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    binary_path = os.path.realpath(binary)
    addresses = set()
    current_object = None
    with open(report, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("ob="):
                current_object = os.path.realpath(line[3:].strip())
            elif line.startswith("0x") and current_object == binary_path:
                addresses.add(int(line.split(None, 1)[0], 16))
    os.remove(report)
    starts = [start for start, _, _ in functions]
    names = set()
    for address in addresses:
        index = bisect.bisect_right(starts, address) - 1
        # Code outside every sized symbol (crtbegin's) cannot be named to the linker.
        if index >= 0 and address < functions[index][1]:
            names.add(functions[index][2])
    return names


def data_symbols(binary):
    """(address ranges of the output sections whose input sections the linker may order, and the
    binary's data symbols as (start, size, name) by address): .data, .bss, .data.rel.ro and .rodata.
    The swift5_* sections are left alone: the runtime reads each as one array of records."""
    headers = subprocess.run(["readelf", "-SW", binary], check=True, capture_output=True, text=True)
    ranges = []
    for line in headers.stdout.splitlines():
        fields = line.replace("[ ", "[").split()
        if len(fields) > 5 and fields[1] in (".data", ".bss", ".data.rel.ro", ".rodata"):
            start = int(fields[3], 16)
            ranges.append((start, start + int(fields[5], 16)))
    return ranges, sized_symbols(binary, "dDbBrRvV")


def touched_data(binary, arguments, environment, layout):
    """The names of the data symbols of `binary` that one run read or wrote, by valgrind's lackey
    (every load and store the program made, filtered here as it streams)."""
    ranges, symbols = layout
    low = min(start for start, _ in ranges)
    high = max(end for _, end in ranges)
    # lackey writes its trace to the descriptor it is given: here the pipe this script reads, while
    # the program's own output goes nowhere.
    run = subprocess.Popen(
        ["sh", "-c", 'exec valgrind --tool=lackey --trace-mem=yes --log-fd=3 "$@" 3>&1 >/dev/null 2>&1',
         "sh", binary] + arguments,
        env=environment, stdout=subprocess.PIPE, text=True)
    addresses = set()
    for line in run.stdout:
        # " L 0f9c5c0,8", " S ...", " M ..." (loads, stores, modifies; "I" lines are instructions).
        if line[:2] in (" L", " S", " M"):
            address = int(line[3:line.index(",")], 16)
            if low <= address < high:
                addresses.add(address)
    if run.wait() != 0:
        raise subprocess.CalledProcessError(run.returncode, arguments)
    starts = [start for start, _, _ in symbols]
    names = set()
    for address in addresses:
        if not any(start <= address < end for start, end in ranges):
            continue
        index = bisect.bisect_right(starts, address) - 1
        if index >= 0:
            start, size, name = symbols[index]
            if start <= address < start + max(size, 1):
                names.add(name)
    return names


def main():
    if len(sys.argv) != 2:
        print("usage: Scripts/startup-order.py <movies built --with-symbols>", file=sys.stderr)
        return 64
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as scratch:
        environment = {"HOME": scratch, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                       "LANG": "C.UTF-8"}
        database = os.path.join(scratch, "order.sqlite")
        # The films that have genres and directors first, so `list`'s first page shows them (the
        # benchmark's file has both on every row).
        exports = [("ratings-imdb.csv", imdb_ratings), ("ratings-letterboxd.csv", letterboxd_ratings)]
        for name, write in exports:
            path = os.path.join(scratch, name)
            write(path, 2000)
            subprocess.run([binary, "--db", database, "import", path], env=environment, check=True,
                           stdout=subprocess.DEVNULL)
        runs_using = collections.Counter()
        data_using = collections.Counter()
        layout = data_symbols(binary)
        code = function_symbols(binary)
        copy = os.path.join(scratch, "run.sqlite")

        def fresh_copy():
            # Each run on a fresh copy, so an `add` adds its film each time.
            for suffix in ["", "-wal", "-shm"]:
                if os.path.exists(copy + suffix):
                    os.remove(copy + suffix)
                if os.path.exists(database + suffix):
                    shutil.copyfile(database + suffix, copy + suffix)

        for arguments in commands(copy):
            # Twice, and the functions either run executed: Swift seeds its hashing at random in each
            # process, and a dictionary that collides more in one run calls code the other does not
            # (the seed itself comes from swift_stdlib_random, which SWIFT_DETERMINISTIC_HASHING
            # would skip, so the program runs here as it runs for a user).
            executed = set()
            for _ in range(2):
                fresh_copy()
                executed |= executed_functions(binary, arguments, environment, scratch, code)
            runs_using.update(executed)
            # The data it touched, once: which pages of data a run touches depends far less on the
            # hash seed than which code runs, and lackey is slow.
            fresh_copy()
            data_using.update(touched_data(binary, arguments, environment, layout))
    # By name within a count, so two runs of this script write the same file. Functions, then data:
    # the linker orders each output section on its own, so the two lists do not mix.
    functions = sorted(runs_using, key=lambda name: (-runs_using[name], name))
    data = sorted(data_using, key=lambda name: (-data_using[name], name))
    output = os.path.join(HERE, "startup-order.txt")
    with open(output, "w", encoding="utf-8") as out:
        for name in functions + data:
            out.write(name + "\n")
    print(f"{len(functions)} functions and {len(data)} data symbols written to {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
