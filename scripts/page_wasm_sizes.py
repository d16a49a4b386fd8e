#!/usr/bin/env python3
"""Where the page's WebAssembly goes: its code by crate, its own code by
module and its largest functions, read from the wasm cargo writes for the
page (before wasm-bindgen and wasm-opt, so with every function's name).

    scripts/page_wasm_sizes.py [WASM] [--out FILE]

WASM defaults to target/wasm32-unknown-unknown/app-release/app.wasm, which
scripts/build.sh leaves there. The sizes are of function bodies before
wasm-opt, which shrinks them (the page's wasm after it: dist/app-*_bg.wasm),
so the shares, not the bytes, are what to compare. An analysis: it reads
sizes and chooses nothing.
"""

import argparse
import collections
import datetime
import re
import subprocess
import sys

DEFAULT_WASM = "target/wasm32-unknown-unknown/app-release/app.wasm"
SECTION_NAMES = {1: "types", 2: "imports", 3: "functions", 4: "tables",
                 5: "memory", 6: "globals", 7: "exports", 9: "elements",
                 10: "code", 11: "data"}


def leb(data, at):
    """An unsigned LEB128 number at `at`: (value, the position after it)."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def skip_name(data, at):
    """The position after a length-prefixed name at `at`."""
    length, at = leb(data, at)
    return at + length


def imported_functions(data, at):
    """How many functions the import section starting at `at` imports."""
    count, at = leb(data, at)
    functions = 0
    for _ in range(count):
        at = skip_name(data, skip_name(data, at))
        kind = data[at]
        at += 1
        if kind == 0:  # a function: its type index
            _, at = leb(data, at)
            functions += 1
        elif kind == 1:  # a table: element type, limits
            flags = data[at + 1]
            _, at = leb(data, at + 2)
            if flags & 1:
                _, at = leb(data, at)
        elif kind == 2:  # a memory: limits
            flags = data[at]
            _, at = leb(data, at + 1)
            if flags & 1:
                _, at = leb(data, at)
        else:  # a global: value type, mutability
            at += 2
    return functions


def read_module(data):
    """Section sizes, function body sizes and function names by index."""
    if data[:4] != b"\0asm":
        sys.exit("not a WebAssembly module")
    at = 8
    sections = collections.Counter()
    bodies, names, imported = [], {}, 0
    while at < len(data):
        section = data[at]
        size, at = leb(data, at + 1)
        end = at + size
        if section == 0:
            length, start = leb(data, at)
            name = data[start:start + length].decode(errors="replace")
            sections[f"custom section {name}"] += size
            if name == "name":
                read_function_names(data, start + length, end, names)
        else:
            sections[SECTION_NAMES.get(section, f"section {section}")] += size
        if section == 2:
            imported = imported_functions(data, at)
        elif section == 10:
            count, body = leb(data, at)
            for _ in range(count):
                length, start = leb(data, body)
                bodies.append(start - body + length)
                body = start + length
        at = end
    named = {index - imported: name for index, name in names.items()}
    return sections, bodies, named


def read_function_names(data, at, end, names):
    """Fill `names` from the name section's function names, `at` to `end`."""
    while at < end:
        kind = data[at]
        size, at = leb(data, at + 1)
        if kind == 1:
            count, entry = leb(data, at)
            for _ in range(count):
                index, entry = leb(data, entry)
                length, entry = leb(data, entry)
                names[index] = data[entry:entry + length].decode(errors="replace")
                entry += length
        at += size


def readable(symbol):
    """A Rust symbol as a path: `_ZN8policypu4data...17h…E` to
    `policypu::data::…`, with its escapes ($LT$, ..) written out."""
    if symbol.startswith("_ZN"):
        parts, at = [], 3
        while at < len(symbol) and symbol[at].isdigit():
            digits = re.match(r"\d+", symbol[at:]).group(0)
            at += len(digits)
            parts.append(symbol[at:at + int(digits)])
            at += int(digits)
        if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
            parts.pop()
        symbol = "::".join(parts)
    for escape, text in [("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "),
                         ("$RF$", "&"), ("$C$", ","), ("$u7b$", "{"),
                         ("$u7d$", "}"), ("..", "::")]:
        symbol = symbol.replace(escape, text)
    return symbol


def crate_of(path):
    """The crate a function's path starts with: for an impl, its type's
    crate, or its trait's where the type is a bare parameter (`<T as …>`)."""
    impl = re.match(r"_?<&?(?:mut )?(.+?) as ([A-Za-z_]\w*)", path)
    if impl and "::" not in impl.group(1):
        return impl.group(2)
    match = re.match(r"_?<?&?(?:mut )?([A-Za-z_]\w*)", path)
    return match.group(1) if match else "?"


def table(rows, total, heading):
    """A Markdown table of (name, bytes) rows with each one's share."""
    lines = [f"| {heading} | bytes | share of the code |", "|---|---|---|"]
    for name, size in rows:
        lines.append(f"| `{name}` | {size:,} | {100 * size / total:.1f} % |")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("wasm", nargs="?", default=DEFAULT_WASM)
    parser.add_argument("--out", help="write the Markdown here (else print it)")
    args = parser.parse_args()
    sections, bodies, names = read_module(open(args.wasm, "rb").read())
    total = sum(bodies)
    by_crate, by_module, functions = collections.Counter(), collections.Counter(), []
    for index, size in enumerate(bodies):
        path = readable(names.get(index, "?"))
        crate = crate_of(path)
        by_crate[crate] += size
        if crate in ("policypu", "app"):
            by_module["::".join(path.lstrip("<&_ ").split("::")[:3])] += size
        functions.append((size, path))
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    command = " ".join(["scripts/page_wasm_sizes.py"] + sys.argv[1:])
    lines = [
        f"Command: `{command}`", "",
        f"Commit: {commit}", "",
        f"An analysis: the page's wasm as cargo wrote it ({args.wasm}, before "
        "wasm-bindgen and wasm-opt), on "
        f"{datetime.date.today().isoformat()}. Sizes of function bodies "
        "before wasm-opt, which shrinks them: compare shares, not bytes.", "",
        "| section | bytes |", "|---|---|",
    ]
    lines += [f"| {name} | {size:,} |" for name, size in sections.most_common()]
    lines += ["", f"Code: {total:,} bytes in {len(bodies):,} functions.", ""]
    lines += table(by_crate.most_common(15), total, "crate")
    lines += ["", "The page's own code (crates `app` and `policypu`), by module:", ""]
    lines += table(by_module.most_common(15), total, "module")
    lines += ["", "Largest functions:", ""]
    lines += table([(path[:120], size) for size, path in sorted(functions, reverse=True)[:10]],
                   total, "function")
    text = "\n".join(lines) + "\n"
    if args.out:
        open(args.out, "w").write(text)
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
