#!/usr/bin/env bash
# Builds the libFuzzer targets under fuzz/targets/ and runs them.
#
#   fuzz/run.sh build                   build every target into fuzz/build/
#   fuzz/run.sh TARGETS SECONDS [ARGS]  fuzz each target for SECONDS (two at a time, one per core), then
#                                       minimize the corpus into fuzz/corpus/TARGET/; ARGS go to libFuzzer
#   fuzz/run.sh regress [TARGETS]       replay the committed corpus once (cheap enough for CI)
#   fuzz/run.sh minimize [TARGETS]      minimize the committed corpus again
#
# TARGETS: one of csv, import, zip, feed, argv, shell, several joined by commas (csv,shell), or all (the
# default). Logs and crash files land in fuzz/build/, which git ignores; a finding makes the script exit
# non-zero and print where the input was saved. See fuzz/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(csv import zip feed argv shell)
build=fuzz/build

# The package's library targets are compiled directly with swiftc rather than through SwiftPM: SwiftPM
# cannot link a target of our own choosing with -sanitize=fuzzer without a change to Package.swift. Each
# library becomes one instrumented object and module, in dependency order, as SwiftPM would build them.
# -enable-testing lets the targets reach internal API (ByteSource, ArgumentParser, ShellWords) through
# @testable import, the way the unit tests do.
swift_flags=(
    -parse-as-library -swift-version 6 -package-name movies -O -g -sanitize=fuzzer,address
    -I "$build/modules" -Xcc "-fmodule-map-file=Sources/CSQLite/module.modulemap"
    -Xcc "-fmodule-map-file=$build/gen/CCurlLoader.modulemap"
    -Xcc "-fmodule-map-file=$build/gen/CZipLoader.modulemap"
    -Xcc "-fmodule-map-file=$build/gen/CTemporaryFiles.modulemap"
    -Xcc "-fmodule-map-file=$build/gen/CXML2Loader.modulemap"
)

# The package's C targets: SwiftPM writes each one's module map from its include/ folder; the same is
# written here, and the C file compiled with the sanitizers. CCurlLoader and CZipLoader only dlopen()
# their libraries (whose own code is not instrumented); CTemporaryFiles is the signal-safe cleanup.
c_targets=(CCurlLoader:curl_loader CZipLoader:zip_loader CTemporaryFiles:temporary_files)

# Inputs no larger than what each reader sees in real use; bigger only costs speed.
max_len() {
    case "$1" in
        argv | shell) echo 4096 ;;
        *) echo 65537 ;;  # 64 KiB plus the control byte
    esac
}

# The libraries each target links, in link order.
libraries() {
    case "$1" in
        argv | shell) echo MoviesCLI ViewModels Interchange MoviesCore News Feeds Storage Checksum Basics ;;
        feed) echo Feeds Basics ;;
        *) echo Interchange MoviesCore News Feeds Storage Checksum Basics ;;
    esac
}

# True when $1 is missing or older than any of the other files.
stale() {
    local output=$1
    shift
    [ -e "$output" ] || return 0
    local file
    for file in "$@"; do
        [ "$file" -nt "$output" ] && return 0
    done
    return 1
}

# Compiles library $1, which imports the libraries listed in $2 (comma-separated, "" for none), with
# extra flag $3 ("" for none), from the sources that follow. It is rebuilt when a source changed or
# when a library it imports was rebuilt (its module interface may have changed).
compile_library() {
    local name=$1 imported=$2 flag=$3
    shift 3
    local dependencies=() dependency
    IFS=, read -ra dependencies <<<"$imported"
    local inputs=("$@")
    for dependency in "${dependencies[@]}"; do
        inputs+=("$build/obj/$dependency.o")
    done
    stale "$build/obj/$name.o" "${inputs[@]}" || return 0
    echo "compiling $name ($# files)"
    swiftc "${swift_flags[@]}" ${flag:+"$flag"} -wmo -module-name "$name" \
        -emit-module -emit-module-path "$build/modules/$name.swiftmodule" \
        -c -o "$build/obj/$name.o" "$@"
    # swiftc may leave an unchanged object file alone; its time stamp must still say it was rebuilt,
    # or the libraries that import it would look up to date.
    touch "$build/obj/$name.o"
}

build_all() {
    # Objects built with other flags (an older version of this script) are thrown away.
    if [ "$(cat "$build/flags" 2>/dev/null)" != "${swift_flags[*]}" ]; then
        rm -rf "$build/modules" "$build/obj" "$build/bin"
    fi
    mkdir -p "$build/modules" "$build/obj" "$build/gen" "$build/bin"
    echo "${swift_flags[*]}" >"$build/flags"

    # MoviesCore's migrations come from a build plugin in the package; run the same generator here.
    # The tool needs the Checksum module; built here without the sanitizers, since it runs at build time.
    if stale "$build/embed-migrations" Sources/embed-migrations/main.swift Sources/Checksum/*.swift; then
        echo "compiling embed-migrations"
        mkdir -p "$build/tool"
        swiftc -O -parse-as-library -module-name Checksum -emit-module \
            -emit-module-path "$build/tool/Checksum.swiftmodule" -c -o "$build/tool/Checksum.o" \
            Sources/Checksum/*.swift
        swiftc -O -I "$build/tool" Sources/embed-migrations/main.swift "$build/tool/Checksum.o" \
            -o "$build/embed-migrations"
    fi
    "$build/embed-migrations" "$build/gen/EmbeddedMigrations.swift.new" Migrations/*.sql
    # Keep the old file (and its time stamp) when nothing changed, so MoviesCore is not rebuilt.
    if cmp -s "$build/gen/EmbeddedMigrations.swift.new" "$build/gen/EmbeddedMigrations.swift"; then
        rm "$build/gen/EmbeddedMigrations.swift.new"
    else
        mv "$build/gen/EmbeddedMigrations.swift.new" "$build/gen/EmbeddedMigrations.swift"
    fi

    local c_target module file
    for c_target in "${c_targets[@]}"; do
        module=${c_target%%:*}
        file=${c_target##*:}
        printf 'module %s {\n    header "%s"\n    export *\n}\n' "$module" \
            "$PWD/Sources/$module/include/$file.h" >"$build/gen/$module.modulemap"
        if stale "$build/obj/$module.o" "Sources/$module/$file.c" "Sources/$module/include/$file.h"; then
            echo "compiling $module"
            clang -O1 -g -fsanitize=fuzzer-no-link,address -I "Sources/$module/include" \
                -c -o "$build/obj/$module.o" "Sources/$module/$file.c"
        fi
    done

    # CXML2Loader likewise: it dlopen()s libxml2, whose parsers the feed target reaches through it, so
    # its C files are compiled with the sanitizers too (libxml2 itself is the system's, uninstrumented).
    printf 'module CXML2Loader {\n    header "%s"\n    export *\n}\n' \
        "$PWD/Sources/CXML2Loader/include/xml2_loader.h" >"$build/gen/CXML2Loader.modulemap"
    if stale "$build/obj/CXML2Loader.o" Sources/CXML2Loader/*.c Sources/CXML2Loader/*.h \
        Sources/CXML2Loader/include/*.h; then
        echo "compiling CXML2Loader"
        local source objects=()
        for source in Sources/CXML2Loader/*.c; do
            clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CXML2Loader/include \
                -c -o "$build/obj/CXML2Loader-$(basename "$source" .c).o" "$source"
            objects+=("$build/obj/CXML2Loader-$(basename "$source" .c).o")
        done
        ld -r -o "$build/obj/CXML2Loader.o" "${objects[@]}"
    fi

    local basics checksum storage feeds news core interchange view_models cli
    mapfile -t basics < <(find Sources/Basics -name '*.swift' | sort)
    mapfile -t checksum < <(find Sources/Checksum -name '*.swift' | sort)
    mapfile -t storage < <(find Sources/Storage -name '*.swift' | sort)
    mapfile -t feeds < <(find Sources/Feeds -name '*.swift' | sort)
    mapfile -t news < <(find Sources/News -name '*.swift' | sort)
    mapfile -t core < <(find Sources/MoviesCore -name '*.swift' | sort)
    mapfile -t interchange < <(find Sources/Interchange -name '*.swift' | sort)
    mapfile -t view_models < <(find Sources/ViewModels -name '*.swift' | sort)
    mapfile -t cli < <(find Sources/MoviesCLI -name '*.swift' | sort)

    # In dependency order, each with the libraries it imports (Package.swift's arrows).
    compile_library Basics "" "" "${basics[@]}"
    compile_library Checksum "" "" "${checksum[@]}"
    compile_library Storage Basics,Checksum "" "${storage[@]}"
    compile_library Feeds Basics -enable-testing "${feeds[@]}"
    compile_library News Basics,Storage,Feeds "" "${news[@]}"
    compile_library MoviesCore Basics,Storage,News "" "${core[@]}" "$build/gen/EmbeddedMigrations.swift"
    compile_library Interchange Basics,Storage,MoviesCore,News,CZipLoader,CTemporaryFiles -enable-testing "${interchange[@]}"
    compile_library ViewModels Basics,MoviesCore,News,Feeds "" "${view_models[@]}"
    compile_library MoviesCLI Basics,MoviesCore,News,Feeds,Interchange,ViewModels -enable-testing "${cli[@]}"

    local target library objects
    for target in "${targets[@]}"; do
        objects=(
            "$build/obj/CCurlLoader.o" "$build/obj/CXML2Loader.o" "$build/obj/CZipLoader.o"
            "$build/obj/CTemporaryFiles.o"
        )
        for library in $(libraries "$target"); do
            objects+=("$build/obj/$library.o")
        done
        if stale "$build/bin/$target" "fuzz/targets/$target.swift" "${objects[@]}"; then
            echo "linking $target"
            # lld, because gold warns about every local ASan symbol it cannot export.
            swiftc "${swift_flags[@]}" -use-ld=lld -module-name "fuzz_$target" \
                "fuzz/targets/$target.swift" "${objects[@]}" -lsqlite3 -ldl -o "$build/bin/$target"
        fi
    done
}

# The environment every run needs: the Swift runtime's own crash backtracer would otherwise catch the
# trap first and hold the process for its 30 s timeout instead of letting libFuzzer save the input.
export SWIFT_BACKTRACE=enable=no
# Leaks in the toolchain's own libraries that the targets cannot avoid (each one explained there).
export LSAN_OPTIONS="suppressions=$PWD/Tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# Standard libFuzzer options for target $1.
fuzz_options() {
    local options=(-max_len="$(max_len "$1")" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1)
    [ -f "fuzz/dictionaries/$1.dict" ] && options+=(-dict="fuzz/dictionaries/$1.dict")
    printf '%s\n' "${options[@]}"
}

# Fuzzes target $1 for $2 seconds, logging to fuzz/build/logs/$1.log, then minimizes the corpus.
fuzz_one() {
    local target=$1 seconds=$2
    shift 2
    local work="$build/work/$target" log="$build/logs/$target.log"
    local artifacts="$build/artifacts/$target/"
    mkdir -p "$work" "$artifacts" "$build/logs" "fuzz/corpus/$target"
    local options
    mapfile -t options < <(fuzz_options "$target")
    local status=0
    # New inputs go to the first folder (the scratch one); the committed corpus is read only.
    "$build/bin/$target" "${options[@]}" -max_total_time="$seconds" -artifact_prefix="$artifacts" \
        "$@" "$work" "fuzz/corpus/$target" >"$log" 2>&1 || status=$?
    grep -E '^#[0-9]+[[:space:]]+DONE|^stat::' "$log" | sed "s/^/$target: /" || true
    if [ "$status" -ne 0 ]; then
        echo "$target: FAILED (exit $status); see $log and $artifacts" >&2
        grep -E '^(SUMMARY|==[0-9]+==ERROR)|Fatal error' "$log" | sed "s/^/$target: /" >&2 || true
    fi
    minimize "$target"
    return "$status"
}

# Replaces fuzz/corpus/$1 by a small set of its files and the scratch finds that reaches every edge
# libFuzzer has seen. Named files (hand-written seeds, inputs of fixed findings) are kept as they are;
# what libFuzzer adds is named by its SHA-1. Edges only (-use_counters=0), not hit counts, so the
# committed corpus stays at a few hundred files; a run rediscovers the counts in seconds. -merge=1 runs
# the inputs in a child process, so a crashing one is skipped rather than stopping the merge.
minimize() {
    local target=$1
    local merged="$build/merged/$target"
    rm -rf "$merged"
    mkdir -p "$merged"
    local file
    for file in "fuzz/corpus/$target"/*; do
        [[ "$(basename "$file")" =~ ^[0-9a-f]{40}$ ]] || cp "$file" "$merged/"
    done
    local options sources=("fuzz/corpus/$target")
    mapfile -t options < <(fuzz_options "$target")
    # The scratch folder exists after a run, not when minimizing on its own.
    [ -d "$build/work/$target" ] && sources+=("$build/work/$target")
    "$build/bin/$target" "${options[@]}" -use_counters=0 -merge=1 "$merged" "${sources[@]}" \
        >"$build/logs/$target.merge.log" 2>&1
    rm -rf "fuzz/corpus/$target"
    mv "$merged" "fuzz/corpus/$target"
    rm -rf "$build/work/$target"
    echo "$target: corpus $(find "fuzz/corpus/$target" -type f | wc -l) files," \
        "$(cat "fuzz/corpus/$target"/* | wc -c) bytes"
}

# Runs every input of the committed corpus of $1 once, without mutating.
regress_one() {
    local target=$1
    local options
    mapfile -t options < <(fuzz_options "$target")
    local started=$SECONDS status=0
    "$build/bin/$target" "${options[@]}" -runs=0 "fuzz/corpus/$target" >"$build/logs/$target.regress.log" 2>&1 \
        || status=$?
    local count
    count=$(find "fuzz/corpus/$target" -type f | wc -l)
    if [ "$status" -ne 0 ]; then
        echo "$target: FAILED on the corpus; see $build/logs/$target.regress.log" >&2
        grep -E '^(SUMMARY|==[0-9]+==ERROR)|Fatal error' "$build/logs/$target.regress.log" >&2 || true
        return "$status"
    fi
    echo "$target: replayed $count inputs in $((SECONDS - started)) s"
}

# The targets named by $1: one, several joined by commas, or all of them.
selected() {
    if [ "$1" = all ]; then
        printf '%s\n' "${targets[@]}"
        return
    fi
    local name
    for name in ${1//,/ }; do
        if [[ " ${targets[*]} " != *" $name "* ]]; then
            echo "unknown target '$name'; one of: ${targets[*]} all" >&2
            return 64
        fi
        echo "$name"
    done
}

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 64
}

[ $# -ge 1 ] || usage
case "$1" in
    build)
        build_all
        ;;
    regress)
        names=$(selected "${2:-all}")
        mkdir -p "$build/logs"
        build_all
        failed=0
        for target in $names; do
            regress_one "$target" || failed=1
        done
        exit "$failed"
        ;;
    minimize)
        names=$(selected "${2:-all}")
        build_all
        for target in $names; do
            minimize "$target"
        done
        ;;
    -h | --help | help)
        usage
        ;;
    *)
        # libFuzzer reads -max_total_time=0 as "no limit", so a run needs at least one second.
        [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || usage
        names=$(selected "$1")
        seconds=$2
        shift 2
        build_all
        # The machine has two cores: two fuzzers at a time, each on one.
        failed=0
        running=0
        for target in $names; do
            if [ "$running" -ge 2 ]; then
                wait -n || failed=1
                running=$((running - 1))
            fi
            fuzz_one "$target" "$seconds" "$@" &
            running=$((running + 1))
        done
        while [ "$running" -gt 0 ]; do
            wait -n || failed=1
            running=$((running - 1))
        done
        exit "$failed"
        ;;
esac
