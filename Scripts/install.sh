#!/bin/sh
# Builds movies as it is installed and copies it to $PREFIX/bin (default ~/.local/bin), with the
# `news` link beside it:
#
#   Scripts/install.sh                 # build and install into ~/.local/bin
#   PREFIX=/usr/local Scripts/install.sh
#   Scripts/install.sh --build-only    # build movies and movies-bench this way, install nothing; print
#                                      # the folder
#
# The build (docs/PERFORMANCE.md says what each choice costs or saves at start-up):
# - release, with the Swift runtime linked in (--static-swift-stdlib): the binary needs nothing beside
#   it but the system's libsqlite3 (and, loaded only when used, libcurl, libxml2, libzip, readline);
# - no run path (--disable-local-rpath): SwiftPM otherwise writes RUNPATH $ORIGIN, and any library put
#   beside the binary (a libsqlite3.so.0 with a constructor) would be loaded before the system's;
#   with the runtime linked in, nothing needs a run path.
# The same build is what movies-bench measures (CI runs this script with --build-only).
set -eu
cd "$(dirname "$0")/.."

scratch=.build/install
products="movies"
build_only=false
if [ "${1:-}" = "--build-only" ]; then
    build_only=true
    # Only the two programs: the test-support libraries import Testing, which has no static build.
    products="movies movies-bench"
fi

for product in $products; do
    swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path "$scratch" \
        --product "$product"
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
