#!/usr/bin/env bash
# Builds the libFuzzer targets under fuzz/targets/ and runs them.
#
#   fuzz/run.sh build                   build every target into fuzz/build/
#   fuzz/run.sh TARGETS SECONDS [ARGS]  fuzz each target for SECONDS (two at a time, one per core), then
#                                       minimize the corpus into fuzz/corpus/TARGET/; ARGS go to libFuzzer
#   fuzz/run.sh regress [TARGETS]       replay the committed corpus and every past finding once (for CI;
#                                       built without optimisation, in fuzz/build/replay/)
#   fuzz/run.sh minimize [TARGETS]      minimize the committed corpus again; fails on an input that crashes
#
# TARGETS: one of the files in fuzz/targets/ (argv, csv, feed, import, shell, zip), several joined by
# commas (csv,shell), or all (the default). Logs and crash files land in fuzz/build/, which git ignores;
# a finding makes the script exit non-zero and print where the input was saved. See fuzz/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# One target per file in fuzz/targets/.
targets=()
for target in fuzz/targets/*.swift; do
    targets+=("$(basename "$target" .swift)")
done
# Fuzzing wants speed (-O); a replay runs each input once, so it is built without optimisation, which
# compiles in less than half the time (108 s against 241 s from scratch, on one 2-core machine) and
# keeps every check and assertion.
# Each has its own folder, so switching between them rebuilds neither.
optimization=-O
build=fuzz/build
if [ "${1:-}" = regress ]; then
    optimization=-Onone
    build=fuzz/build/replay
fi

# The package's library targets are compiled directly with swiftc rather than through SwiftPM: SwiftPM
# cannot link a target of our own choosing with -sanitize=fuzzer without a change to Package.swift. Each
# library becomes one instrumented object and module, in dependency order, as SwiftPM would build them.
# Which libraries, in which order, with which dependencies, comes from Package.swift itself, through
# Scripts/check-imports.py --modules (the script CI runs to check that every import is declared): the
# modules the files in fuzz/targets/ import, and everything those depend on.
swift_flags=(
    -parse-as-library -swift-version 6 -package-name movies "$optimization" -g -sanitize=fuzzer,address
    -I "$build/modules"
)
c_flags=(-O1 -g -fsanitize=fuzzer-no-link,address)

# Inputs no larger than what each reader sees in real use; bigger only costs speed.
max_len() {
    case "$1" in
        argv | shell) echo 4096 ;;
        *) echo 65537 ;;  # 64 KiB plus the control byte
    esac
}

# Package.swift as SwiftPM reads it, saved once per build for the questions below.
package_json=$build/package.json

# The package's modules that the Swift files $@ import, directly or through each other, dependencies
# first: one a line, "KIND MODULE PATH DEPENDENCIES TESTABLE PLUGINS LINKED" (Scripts/check-imports.py
# says what each word means).
modules_of() {
    python3 Scripts/check-imports.py --package "$package_json" --modules "$@"
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

# Compiles Swift library $1, which imports the modules listed in $2 (comma-separated, "-" for none),
# with the extra flags that follow up to "--", from the sources after it. It is rebuilt when a source
# changed or when a library it imports was rebuilt (its module interface may have changed).
compile_library() {
    local name=$1 imported=$2
    shift 2
    local flags=()
    while [ "$1" != -- ]; do
        flags+=("$1")
        shift
    done
    shift
    local dependencies=() dependency
    [ "$imported" = - ] || IFS=, read -ra dependencies <<<"$imported"
    local inputs=("$@")
    for dependency in "${dependencies[@]}"; do
        [ -e "$build/obj/$dependency.o" ] && inputs+=("$build/obj/$dependency.o")
    done
    stale "$build/obj/$name.o" "${inputs[@]}" || return 0
    echo "compiling $name ($# files)"
    # Whole-module, with LLVM's optimisation and code generation on every core (-num-threads): one
    # object per source file, named by the output file map (two files may share a name in different
    # folders), then linked into the library's one object. A single-threaded -O build of the largest
    # module was most of the build's time.
    local objects="$build/obj/$name.parts" map="$build/gen/$name.output-file-map.json" index=0 source
    rm -rf "$objects"
    mkdir -p "$objects"
    {
        printf '{\n'
        for source in "$@"; do
            [ "$index" -eq 0 ] || printf ',\n'
            printf '  "%s": {"object": "%s/%d.o"}' "$source" "$objects" "$index"
            index=$((index + 1))
        done
        printf '\n}\n'
    } >"$map"
    swiftc "${swift_flags[@]}" "${flags[@]}" -wmo -num-threads "$(nproc)" -output-file-map "$map" \
        -module-name "$name" -emit-module -emit-module-path "$build/modules/$name.swiftmodule" -c "$@"
    ld -r -o "$build/obj/$name.o" "$objects"/*.o
}

# Writes the module map SwiftPM would write for the include/ folder of C target $1 in folder $2: its
# umbrella header when one is named after the target, else the whole folder.
write_module_map() {
    local name=$1 folder=$2
    if [ -e "$folder/include/$name.h" ]; then
        printf 'module %s {\n    umbrella header "%s"\n    export *\n}\n' "$name" \
            "$PWD/$folder/include/$name.h" >"$build/gen/$name.modulemap"
    else
        printf 'module %s {\n    umbrella "%s"\n    export *\n}\n' "$name" \
            "$PWD/$folder/include" >"$build/gen/$name.modulemap"
    fi
}

# The folder of each C target compiled so far, for the include paths of the C targets that depend on it.
declare -A c_folders=()

# Compiles the C target $1 in folder $2, which depends on the C targets listed in $3 (comma-separated,
# "-" for none): every C file in it with the sanitizers (what its code calls through dlopen(), libcurl,
# libxml2, libzip, is the system's and not instrumented), linked into one object. It sees its own
# include/ folder and its dependencies', as SwiftPM gives it.
compile_c_library() {
    local name=$1 folder=$2 dependencies=$3
    c_folders[$name]=$folder
    local includes=(-I "$folder/include") inputs=() dependency
    for dependency in ${dependencies//,/ }; do
        [ -n "${c_folders[$dependency]:-}" ] || continue
        includes+=(-I "${c_folders[$dependency]}/include")
        mapfile -t -O "${#inputs[@]}" inputs < <(find "${c_folders[$dependency]}/include" -name '*.h' | sort)
    done
    local files
    mapfile -t files < <(find "$folder" -name '*.[ch]' | sort)
    stale "$build/obj/$name.o" "${files[@]}" "${inputs[@]}" || return 0
    echo "compiling $name"
    local source objects=()
    for source in "${files[@]}"; do
        [[ "$source" == *.c ]] || continue
        objects+=("$build/obj/$name-$(basename "$source" .c).o")
        clang "${c_flags[@]}" "${includes[@]}" -c -o "${objects[-1]}" "$source"
    done
    ld -r -o "$build/obj/$name.o" "${objects[@]}"
}

# MoviesCore's migrations come from a build plugin in the package; run the same generator here, into
# $build/gen/EmbeddedMigrations.swift. The tool needs the Checksum module; built here without the
# sanitizers, since it runs at build time.
embed_migrations() {
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
}

build_all() {
    mkdir -p "$build/gen"
    swift package dump-package >"$package_json.new"
    mv "$package_json.new" "$package_json"
    local plan
    plan=$(modules_of fuzz/targets/*.swift)
    local kind name folder dependencies testable plugins linked
    # Each module is found through its module map (C) or its .swiftmodule in $build/modules (Swift).
    while read -r kind name folder dependencies testable plugins linked; do
        case "$kind" in
            c)
                write_module_map "$name" "$folder"
                swift_flags+=(-Xcc "-fmodule-map-file=$build/gen/$name.modulemap")
                ;;
            system) swift_flags+=(-Xcc "-fmodule-map-file=$folder/module.modulemap") ;;
        esac
    done <<<"$plan"

    # Objects built with other flags (an older version of this script) are thrown away.
    if [ "$(cat "$build/flags" 2>/dev/null)" != "${swift_flags[*]} ${c_flags[*]}" ]; then
        rm -rf "$build/modules" "$build/obj" "$build/bin"
    fi
    mkdir -p "$build/modules" "$build/obj" "$build/bin"
    echo "${swift_flags[*]} ${c_flags[*]}" >"$build/flags"

    local sources flags plugin
    while read -r kind name folder dependencies testable plugins linked; do
        case "$kind" in
            system) ;;  # a module map and a library of the system's: nothing to compile
            c) compile_c_library "$name" "$folder" "$dependencies" ;;
            swift)
                mapfile -t sources < <(find "$folder" -name '*.swift' | sort)
                flags=()
                # The targets reach internal API (ByteSource, ArgumentParser, ShellWords) through
                # @testable import, the way the unit tests do.
                [ "$testable" = testable ] && flags+=(-enable-testing)
                for plugin in ${plugins//,/ }; do
                    case "$plugin" in
                        -) ;;
                        EmbedMigrations)
                            embed_migrations
                            sources+=("$build/gen/EmbeddedMigrations.swift")
                            ;;
                        *)
                            echo "$name uses the build plugin $plugin, which fuzz/run.sh cannot run yet" >&2
                            return 1
                            ;;
                    esac
                done
                compile_library "$name" "$dependencies" "${flags[@]}" -- "${sources[@]}"
                ;;
        esac
    done <<<"$plan"

    local target objects libraries
    for target in "${targets[@]}"; do
        objects=()
        libraries=()
        plan=$(modules_of "fuzz/targets/$target.swift")
        while read -r kind name folder dependencies testable plugins linked; do
            [ "$kind" = system ] || objects+=("$build/obj/$name.o")
            [ "$linked" = - ] || libraries+=($(printf -- '-l%s\n' ${linked//,/ }))
        done <<<"$plan"
        if stale "$build/bin/$target" "fuzz/targets/$target.swift" "${objects[@]}"; then
            echo "linking $target"
            # lld, because gold warns about every local ASan symbol it cannot export. A system
            # module's library (libsqlite3) is linked by the `link` line of its module map.
            swiftc "${swift_flags[@]}" -use-ld=lld -module-name "fuzz_$target" \
                "fuzz/targets/$target.swift" "${objects[@]}" "${libraries[@]}" -o "$build/bin/$target"
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

# Where libFuzzer writes what target $1 found (crash-…, leak-…, timeout-…, oom-…, slow-unit-…), in
# every mode: the build folder, never the working directory.
artifacts_of() {
    echo "$build/artifacts/$1/"
}

# Fuzzes target $1 for $2 seconds, logging to fuzz/build/logs/$1.log, then minimizes the corpus.
fuzz_one() {
    local target=$1 seconds=$2
    shift 2
    local work="$build/work/$target" log="$build/logs/$target.log"
    local artifacts
    artifacts=$(artifacts_of "$target")
    mkdir -p "$work" "$artifacts" "$build/logs" "fuzz/corpus/$target"
    local options
    mapfile -t options < <(fuzz_options "$target")
    local seeds=("fuzz/corpus/$target")
    [ -d "fuzz/regressions/$target" ] && seeds+=("fuzz/regressions/$target")
    local status=0
    # New inputs go to the first folder (the scratch one); the committed corpus and the regression
    # inputs are read only, seeds like the rest.
    "$build/bin/$target" "${options[@]}" -max_total_time="$seconds" -artifact_prefix="$artifacts" \
        "$@" "$work" "${seeds[@]}" >"$log" 2>&1 || status=$?
    grep -E '^#[0-9]+[[:space:]]+DONE|^stat::' "$log" | sed "s/^/$target: /" || true
    if [ "$status" -ne 0 ]; then
        echo "$target: FAILED (exit $status); see $log and $artifacts" >&2
        grep -E '^(SUMMARY|==[0-9]+==ERROR)|Fatal error' "$log" | sed "s/^/$target: /" >&2 || true
        echo "$target: once fixed, keep the input in fuzz/regressions/$target/ under a name that says" \
            "what it found" >&2
    fi
    minimize "$target" || status=1
    return "$status"
}

# Replaces fuzz/corpus/$1 by a small set of its files and the scratch finds that reaches every edge
# libFuzzer has seen. Named files (hand-written seeds) are kept as they are; what libFuzzer adds is
# named by its SHA-1. Edges only (-use_counters=0), not hit counts, so the committed corpus stays at a
# few hundred files; a run rediscovers the counts in seconds.
#
# -merge=1 runs the inputs in a child process and, when one crashes, saves it as an artifact, restarts
# the child and goes on without it: the merged corpus would silently lose the input. So a merge that
# needed more than one attempt, or saved an artifact, fails here, names the input, and leaves the
# corpus as it was.
minimize() {
    local target=$1
    local merged="$build/merged/$target" log="$build/logs/$target.merge.log"
    local artifacts
    artifacts=$(artifacts_of "$target")
    rm -rf "$merged"
    mkdir -p "$merged" "$artifacts"
    local file
    for file in "fuzz/corpus/$target"/*; do
        [[ "$(basename "$file")" =~ ^[0-9a-f]{40}$ ]] || cp "$file" "$merged/"
    done
    local options sources=("fuzz/corpus/$target")
    mapfile -t options < <(fuzz_options "$target")
    # The scratch folder exists after a run, not when minimizing on its own.
    [ -d "$build/work/$target" ] && sources+=("$build/work/$target")
    local started="$build/merged/$target.started" status=0
    touch "$started"
    "$build/bin/$target" "${options[@]}" -use_counters=0 -merge=1 -artifact_prefix="$artifacts" \
        "$merged" "${sources[@]}" >"$log" 2>&1 || status=$?
    local found
    found=$(find "$artifacts" -type f -newer "$started" | sort)
    if [ "$status" -ne 0 ] || [ -n "$found" ] || ! grep -q 'MERGE-OUTER: successful in 1 attempt' "$log"; then
        echo "$target: minimize FAILED: an input crashes, leaks or hangs (libFuzzer exit $status); the" \
            "corpus is left as it was; see $log" >&2
        local artifact sum
        for artifact in $found; do
            # libFuzzer names an artifact by the SHA-1 of its bytes: find which input it is.
            sum=${artifact##*-}
            echo "$target: saved as $artifact, the input:" >&2
            find "${sources[@]}" -type f -exec sha1sum {} + | awk -v sum="$sum" '$1 == sum { print "    " $2 }' >&2
        done
        echo "$target: reproduce with SWIFT_BACKTRACE=enable=no $build/bin/$target FILE; once fixed, keep" \
            "the input in fuzz/regressions/$target/ under a name that says what it found" >&2
        return 1
    fi
    rm -rf "fuzz/corpus/$target"
    mv "$merged" "fuzz/corpus/$target"
    rm -rf "$build/work/$target"
    echo "$target: corpus $(find "fuzz/corpus/$target" -type f | wc -l) files," \
        "$(cat "fuzz/corpus/$target"/* | wc -c) bytes"
}

# Runs every input of the committed corpus of $1 once, without mutating, then every input that ever
# crashed it (fuzz/regressions/$1/), each in a process of its own, so that every failing one is named
# and none is cut to -max_len.
regress_one() {
    local target=$1
    local options artifacts log="$build/logs/$target.regress.log"
    artifacts=$(artifacts_of "$target")
    mkdir -p "$artifacts"
    mapfile -t options < <(fuzz_options "$target")
    local started=$SECONDS status=0
    "$build/bin/$target" "${options[@]}" -artifact_prefix="$artifacts" -runs=0 "fuzz/corpus/$target" \
        >"$log" 2>&1 || status=$?
    local count
    count=$(find "fuzz/corpus/$target" -type f | wc -l)
    if [ "$status" -ne 0 ]; then
        echo "$target: FAILED on the corpus; see $log" >&2
        grep -E '^(SUMMARY|==[0-9]+==ERROR)|Fatal error' "$log" >&2 || true
    fi
    local regressions=() input
    [ -d "fuzz/regressions/$target" ] && mapfile -t regressions < <(find "fuzz/regressions/$target" -type f | sort)
    for input in "${regressions[@]}"; do
        log="$build/logs/$target.regress-$(basename "$input").log"
        if ! "$build/bin/$target" "${options[@]}" -artifact_prefix="$artifacts" "$input" >"$log" 2>&1; then
            echo "$target: FAILED on $input; see $log" >&2
            grep -E '^(SUMMARY|==[0-9]+==ERROR)|Fatal error' "$log" >&2 || true
            status=1
        fi
    done
    [ "$status" -eq 0 ] || return "$status"
    echo "$target: replayed $count inputs and ${#regressions[@]} past findings in $((SECONDS - started)) s"
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
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
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
        failed=0
        for target in $names; do
            minimize "$target" || failed=1
        done
        exit "$failed"
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
