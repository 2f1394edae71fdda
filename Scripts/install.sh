#!/bin/sh
# Builds movies as it is installed and copies it to $PREFIX/bin (default ~/.local/bin), with the
# `news` link beside it:
#
#   Scripts/install.sh                 # build and install into ~/.local/bin
#   PREFIX=/usr/local Scripts/install.sh
#   Scripts/install.sh --build-only    # build movies and movies-bench this way, install nothing; print
#                                      # the folder
#   Scripts/install.sh --with-symbols  # the same link with its symbol table kept, for a profiler
#                                      # (valgrind --tool=callgrind, perf), in a folder of its own;
#                                      # combines with --build-only
#
# The build (docs/ARCHITECTURE.md, "Linked for start-up", says what each choice saves at start-up):
# - release, with the Swift runtime linked in (--static-swift-stdlib): the binary needs nothing beside
#   it but the system's libsqlite3, libm and libc (and, loaded only when used, libcurl, libxml2,
#   libzip, readline);
# - linked by Scripts/startup-linker: libstdc++ and libgcc's unwinder linked in too, no symbols
#   exported, not position-independent (the driver's own link line cannot be changed by flags);
# - no run path (--disable-local-rpath): SwiftPM otherwise writes RUNPATH $ORIGIN, and any library put
#   beside the binary (a libsqlite3.so.0 with a constructor) would be loaded before the system's;
#   with the runtime linked in, nothing needs a run path;
# - concrete type metadata reached through its accessor, not looked up by mangled name
#   (-disable-concrete-type-metadata-mangled-name-accessors): the runtime's lookup by name demangles the
#   name and checks each generic requirement by scanning every protocol conformance in the binary,
#   which was 13 % of a `movies list`; the accessors cost no more space here (docs/ARCHITECTURE.md);
# - each function in a section of its own, laid out by Scripts/startup-order.txt (-function-sections),
#   and no functions merged by LLVM (-disable-llvm-merge-functions-pass): merging turns identical
#   protocol-witness thunks into one unnamed local function, which has no symbol for the order file to
#   name, so the ones a one-shot command runs stayed scattered over the text;
# - stripped (-Xlinker --strip-all); --with-symbols keeps the symbol table and drops only the debug
#   information (-Xlinker --strip-debug): a profile needs function names, and valgrind 3.19 (Debian
#   12's) gives up on the toolchain's DWARF 5 ("Possibly corrupted debuginfo file").
# The same build is what movies-bench measures (CI runs this script with --build-only).
set -eu
cd "$(dirname "$0")/.."

scratch=.build/install
products="movies"
build_only=false
strip="-Xlinker --strip-all"
for argument in "$@"; do
    case "$argument" in
        --build-only)
            build_only=true
            # Only the two programs: the test-support libraries import Testing, which has no static build.
            products="movies movies-bench"
            ;;
        --with-symbols)
            strip="-Xlinker --strip-debug"
            scratch=.build/install-symbols
            ;;
        *)
            echo "usage: Scripts/install.sh [--build-only] [--with-symbols]" >&2
            exit 64
            ;;
    esac
done

for product in $products; do
    # shellcheck disable=SC2086 # $strip is two words
    swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path "$scratch" \
        -Xswiftc "-use-ld=$PWD/Scripts/startup-linker" \
        -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
        -Xswiftc -Xfrontend -Xswiftc -function-sections \
        -Xswiftc -Xfrontend -Xswiftc -disable-llvm-merge-functions-pass \
        $strip --product "$product"
done
folder="$scratch/release"

if $build_only; then
    echo "$folder"
    exit 0
fi

bin="${PREFIX:-$HOME/.local}/bin"
mkdir -p "$bin"
# Copied beside the old binary and renamed over it, so a running movies keeps its file.
cp "$folder/movies" "$bin/.movies.new"
mv -f "$bin/.movies.new" "$bin/movies"
[ -e "$bin/news" ] || ln -s movies "$bin/news"
echo "Installed $bin/movies (and the news link). Run: movies --help"
