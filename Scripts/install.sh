#!/bin/sh
# Builds movies as it is installed and copies it to $PREFIX/bin (default ~/.local/bin), with the
# `news` link beside it, its completions for bash, zsh and fish and its manual page under $PREFIX/share
# (the places each looks in: the XDG data folders, ~/.local/share being the user's own):
#
#   Scripts/install.sh                 # build and install into ~/.local
#   PREFIX=/usr/local Scripts/install.sh  # a relative PREFIX is taken from the current folder
#   Scripts/install.sh --uninstall     # remove what it installed (never the database)
#   Scripts/install.sh --build-only    # build movies and movies-bench this way, install nothing; print
#                                      # the folder
#   Scripts/install.sh --with-symbols  # the same link with its symbol table kept, for a profiler
#                                      # (valgrind --tool=callgrind, perf), in a folder of its own;
#                                      # combines with --build-only
#   Scripts/install.sh --from FOLDER   # install the movies already built in FOLDER (what --build-only
#                                      # printed) instead of building
#
# What it installs, each file written beside its place under a new name and renamed over it (a
# running movies keeps its file; a link planted at the temporary name is never written through):
#   $PREFIX/bin/movies, $PREFIX/bin/news -> movies
#   $PREFIX/share/bash-completion/completions/movies, news -> movies   (bash-completion)
#   $PREFIX/share/zsh/site-functions/_movies                           (zsh's $fpath)
#   $PREFIX/share/fish/vendor_completions.d/movies.fish, news.fish -> movies.fish
#   $PREFIX/share/man/man1/movies.1, news.1                            (`movies help --man`)
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
# PREFIX (and --from's folder) as given, relative to the folder the script was started in: it works in
# the checkout.
started_in=$PWD
prefix="${PREFIX:-$HOME/.local}"
case "$prefix" in
    /*) ;;
    *) prefix="$started_in/$prefix" ;;
esac
cd "$(dirname "$0")/.."

scratch=.build/install
products="movies"
build_only=false
uninstall=false
from=""
strip="-Xlinker --strip-all"
usage="usage: Scripts/install.sh [--build-only] [--with-symbols] [--from FOLDER] [--uninstall]"
while [ $# -gt 0 ]; do
    case "$1" in
        --build-only)
            build_only=true
            # Only the two programs: the test-support libraries import Testing, which has no static build.
            products="movies movies-bench"
            ;;
        --with-symbols)
            strip="-Xlinker --strip-debug"
            scratch=.build/install-symbols
            ;;
        --from)
            [ $# -ge 2 ] || { echo "$usage" >&2; exit 64; }
            case "$2" in
                /*) from="$2" ;;
                *) from="$started_in/$2" ;;
            esac
            shift
            ;;
        --uninstall)
            uninstall=true
            ;;
        *)
            echo "$usage" >&2
            exit 64
            ;;
    esac
    shift
done

bin="$prefix/bin"
share="$prefix/share"
bash_dir="$share/bash-completion/completions"
zsh_dir="$share/zsh/site-functions"
fish_dir="$share/fish/vendor_completions.d"
man_dir="$share/man/man1"

# Removes the link $1 if it points at $2 (what this script made), and says so.
remove_link() {
    if [ -L "$1" ] && [ "$(readlink "$1")" = "$2" ]; then
        rm -f "$1"
        echo "Removed $1"
    fi
}

# Removes the regular file $1 if it is there, and says so.
remove_file() {
    if [ -f "$1" ] && [ ! -L "$1" ]; then
        rm -f "$1"
        echo "Removed $1"
    fi
}

if $uninstall; then
    remove_link "$bin/news" movies
    remove_file "$bin/movies"
    remove_link "$bash_dir/news" movies
    remove_file "$bash_dir/movies"
    remove_file "$zsh_dir/_movies"
    remove_link "$fish_dir/news.fish" movies.fish
    remove_file "$fish_dir/movies.fish"
    remove_file "$man_dir/news.1"
    remove_file "$man_dir/movies.1"
    echo "Uninstalled movies from $prefix (the database, ~/.local/share/movies, is left as it was)."
    exit 0
fi

# A folder (or a link to one) where a file goes would take the file inside it: refused before anything
# is built or written.
for target in "$bin/movies" "$bash_dir/movies" "$zsh_dir/_movies" "$fish_dir/movies.fish" \
    "$man_dir/movies.1" "$man_dir/news.1"; do
    if [ -d "$target" ]; then
        echo "Error: $target is a folder; move it away, or choose another PREFIX." >&2
        exit 1
    fi
done

if [ -n "$from" ]; then
    folder="$from"
    if [ ! -f "$folder/movies" ] || [ ! -x "$folder/movies" ]; then
        echo "Error: $folder holds no movies program to install (build one with --build-only)." >&2
        exit 66
    fi
else
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
fi

if $build_only; then
    echo "$folder"
    exit 0
fi

# Writes standard input to $1 with mode $2: into a new file made beside it (mktemp makes it, so it is
# never a link someone planted), renamed over $1. A rename replaces a link at $1 itself, not its target.
put() {
    mkdir -p "$(dirname "$1")"
    new=$(mktemp "$(dirname "$1")/.$(basename "$1").XXXXXX")
    if cat >"$new" && chmod "$2" "$new" && mv -f "$new" "$1"; then
        return 0
    fi
    rm -f "$new"
    echo "Error: could not write $1" >&2
    exit 1
}

# Makes the link $1 -> $2 unless something else is there; a dangling link (a movies removed by hand)
# is replaced. Something else is left as it was, with a warning.
link() {
    if [ -L "$1" ] && [ "$(readlink "$1")" = "$2" ]; then
        return 0
    elif [ -L "$1" ] && [ ! -e "$1" ]; then
        ln -sf "$2" "$1"
    elif [ -e "$1" ] || [ -L "$1" ]; then
        echo "Warning: $1 is left as it was (it is not a link to $2)." >&2
    else
        ln -s "$2" "$1"
    fi
}

# Each written by the binary being installed, in full before anything is put in place (a command
# substitution fails the script when the binary does; a pipe would not).
built="$folder/movies"
bash_script=$("$built" completions bash)
zsh_script=$("$built" completions zsh)
fish_script=$("$built" completions fish)
manual=$("$built" help --man)
put "$bin/movies" 755 <"$built"
link "$bin/news" movies
printf '%s\n' "$bash_script" | put "$bash_dir/movies" 644
link "$bash_dir/news" movies
printf '%s\n' "$zsh_script" | put "$zsh_dir/_movies" 644
printf '%s\n' "$fish_script" | put "$fish_dir/movies.fish" 644
link "$fish_dir/news.fish" movies.fish
printf '%s\n' "$manual" | put "$man_dir/movies.1" 644
echo ".so man1/movies.1" | put "$man_dir/news.1" 644

echo "Installed $bin/movies (and the news link), its completions for bash, zsh and fish, and man movies."
case ":$PATH:" in
    *":$bin:"* | *":$bin/:"*) ;;
    *)
        echo "Warning: $bin is not on your PATH. Add this line to ~/.profile (or your shell's startup file):" >&2
        echo "  export PATH=\"$bin:\$PATH\"" >&2
        ;;
esac
case "$prefix" in
    /usr | /usr/local) ;;
    *)
        echo "For zsh, put $zsh_dir on \$fpath before compinit in ~/.zshrc:"
        echo "  fpath=($zsh_dir \$fpath)"
        ;;
esac
echo "Run: movies --help"
