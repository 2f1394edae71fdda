#!/usr/bin/env python3
"""Writes Scripts/startup-order.txt: the functions a one-shot command runs, for the linker to lay out
together at the front of the installed binary's text.

    Scripts/install.sh --build-only --with-symbols
    Scripts/startup-order.py .build/install-symbols/release/movies

Why: the installed binary's 11 MB of text hold the code of the Swift library, FoundationEssentials and
this program, and the few hundred kilobytes a `movies list` runs were spread over all of it. The kernel
maps a file's pages around each page fault (up to 64 KiB), so every fault in that spread-out code mapped
pages nobody ran: time in the kernel at start and at exit, and resident memory (docs/ARCHITECTURE.md,
"Laid out for start-up"). `Scripts/startup-linker` gives this file to `ld.lld --symbol-ordering-file`,
which moves the section holding each listed symbol to the front, in the file's order.

How: each command below runs once under `valgrind --tool=callgrind` on a scratch database, and every
function of the binary it executed is listed by its symbol name, the functions that more commands run
first (start-up, the parser, the schema check), then by the instructions they ran. The list is
committed, so a build needs neither valgrind nor this script; run it again when the commands' code
changes much (a symbol that no longer exists is skipped by the linker, a new one is laid out in the
usual order, so a stale list costs speed, never correctness).
"""

import collections
import os
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


def executed_functions(binary, arguments, environment, scratch):
    """{symbol: instructions} of the functions of `binary` that one run executed."""
    report = os.path.join(scratch, "run.callgrind")
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
         "--compress-pos=no", f"--callgrind-out-file={report}", binary] + arguments,
        env=environment, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    binary_path = os.path.realpath(binary)
    costs = collections.Counter()
    current_object = None
    current_function = None
    with open(report, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("ob="):
                current_object = os.path.realpath(line[3:].strip())
            elif line.startswith("fn="):
                name = line[3:].strip()
                current_function = name if current_object == binary_path else None
                if current_function:
                    costs[current_function] += 0
            elif line.startswith("calls="):
                # The cost line after a call is the callee's inclusive cost, not this function's own.
                next(lines, None)
            elif current_function and line[:1].isdigit():
                fields = line.split()
                if len(fields) >= 2:
                    costs[current_function] += int(fields[1])
    os.remove(report)
    return costs


def main():
    if len(sys.argv) != 2:
        print("usage: Scripts/startup-order.py <movies built --with-symbols>", file=sys.stderr)
        return 64
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as scratch:
        # Swift seeds its hashing at random in each process, so a dictionary's work (and the order of
        # functions that ran alike) would change from one run of this script to the next.
        environment = {"HOME": scratch, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                       "LANG": "C.UTF-8", "SWIFT_DETERMINISTIC_HASHING": "1"}
        database = os.path.join(scratch, "order.sqlite")
        ratings = os.path.join(scratch, "ratings.csv")
        letterboxd_ratings(ratings, 2000)
        subprocess.run([binary, "--db", database, "import", ratings], env=environment, check=True,
                       stdout=subprocess.DEVNULL)
        runs_using = collections.Counter()
        instructions = collections.Counter()
        for arguments in commands(database):
            costs = executed_functions(binary, arguments, environment, scratch)
            runs_using.update(costs.keys())
            instructions.update(costs)
    order = sorted(runs_using, key=lambda name: (-runs_using[name], -instructions[name], name))
    output = os.path.join(HERE, "startup-order.txt")
    with open(output, "w", encoding="utf-8") as out:
        for name in order:
            out.write(name + "\n")
    print(f"{len(order)} functions written to {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
