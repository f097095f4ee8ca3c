#!/usr/bin/env python3
"""The commands shown in a Markdown file, for tests/docs/docs_commands.sh.

A command is a line of a code block (indented by four spaces, or fenced)
whose first word, after an optional "$ " prompt, runs one of our tools or
scripts: gen, quotient, refines, gen-mpi, quotient-mpi, mpirun, bash, cmp,
cp, cat, printf (to write a small .aut), make_refine_pair (the generator of
bench/refine/), build/tools/... (not a grammar rule "cmp = ..."). A
trailing comment (blanks, "#", a blank) is not part of it.

Output: after a "$ " command, the block's lines up to the next command
are its shown output; they must appear, in order, each within one line of
what the command prints (standard output and error together), after both
sides are normalised: a number with a unit of time or size (0.12 s, 3 ms,
14 MB, 2.5 GiB, 40%) becomes "<N>", runs of blanks become one, and a line
"..." in the docs stands for anything.

Markers, on the line before a block (blank lines between are allowed):
  <!-- docs-test: skip: REASON -->   the block's commands are not run;
  <!-- docs-test: exit N -->         each command of the block exits N;
  <!-- bench: NAME: COMMAND -->      the block is the output of a bench/
                                     script (bench/results.sh writes it,
                                     tests/docs/bench_blocks.py checks the
                                     marker): not run, as with skip.
Unmarked, a command must exit 0 or 1 (1: a property that does not hold,
a documented outcome); 2 and above fail the test.

Prints one JSON object per command: file, line, block (the line its code
block starts on), command, exit (null: 0 or 1), skip (reason or null),
expect (shown output lines).
"""
import json
import re
import sys

TOOLS = {"gen", "quotient", "refines", "gen-mpi", "quotient-mpi", "mpirun", "bash", "cmp", "cp", "cat", "printf",
         "make_refine_pair"}
MARKER = re.compile(r"<!--\s*docs-test:\s*(skip|exit)\s*:?\s*(.*?)\s*-->")
BENCH = re.compile(r"<!--\s*bench:\s*([\w.-]+)\s*:")
COMMENT = re.compile(r"\s+# .*$")


def first_word(line):
    word = line.split(maxsplit=1)[0] if line.split() else ""
    return word.rsplit("/", 1)[-1] if word.startswith("build/tools/") else word


def blocks(lines):
    """(first line number, [(number, text)], marker) for each code block."""
    marker, i, n = None, 0, len(lines)
    while i < n:
        line = lines[i]
        m = MARKER.search(line)
        if m:
            marker = (m.group(1), m.group(2))
            i += 1
            continue
        m = BENCH.search(line)
        if m:
            marker = ("skip", f"the output of a bench/ run, written by bench/results.sh ({m.group(1)})")
            i += 1
            continue
        if line.lstrip().startswith("```"):
            indent = len(line) - len(line.lstrip())
            body, i = [], i + 1
            while i < n and not lines[i].lstrip().startswith("```"):
                body.append((i + 1, lines[i][indent:]))
                i += 1
            yield body, marker
            marker, i = None, i + 1
            continue
        if line.startswith("    ") and (i == 0 or not lines[i - 1].strip()):
            body = []
            while i < n and (lines[i].startswith("    ") or not lines[i].strip()):
                body.append((i + 1, lines[i][4:]))
                i += 1
            yield body, marker
            marker = None
            continue
        if line.strip():
            marker = None if not line.startswith("<!--") else marker
        i += 1


def commands(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for body, marker in blocks(lines):
        current = None
        for number, text in body:
            prompt = text.startswith("$ ")
            command = text[2:] if prompt else text
            words = command.split()
            if words and first_word(command) in TOOLS and (len(words) < 2 or words[1] != "="):
                if current:
                    yield current
                current = {
                    "file": path,
                    "line": number,
                    "block": body[0][0],
                    "command": COMMENT.sub("", command).strip(),
                    "exit": int(marker[1]) if marker and marker[0] == "exit" else None,
                    "skip": marker[1] if marker and marker[0] == "skip" else None,
                    "expect": [],
                    "prompt": prompt,
                }
            elif current and current["prompt"] and text.strip():
                current["expect"].append(text.rstrip())
        if current:
            yield current


def main():
    for path in sys.argv[1:]:
        for c in commands(path):
            del c["prompt"]
            print(json.dumps(c))


if __name__ == "__main__":
    main()
