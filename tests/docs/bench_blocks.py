#!/usr/bin/env python3
"""Checks the bench markers of README.md and docs/*.md (bench/results.sh).

Usage: bench_blocks.py SRC FILE.md...
A marker is a line "<!-- bench: NAME: COMMAND -->"; bench/results.sh
rewrites the table or fenced block after it with COMMAND's output. These
blocks take minutes to hours to make, so they are not run here; what is
checked is that results.sh could make them again:

- the marker is well formed, its NAME is unique on its page, and a table or
  a fenced block follows it (blank lines between);
- each command (" ; " between several) is "[VAR=VALUE...] bash bench/SCRIPT
  ARG...": SCRIPT exists, it reads each VAR, each --OPTION is one its
  option loop accepts (a case label), the row ids given to --only or --ids
  are rows of models/cases.csv, a MODEL:THREADS:OPS argument names a model
  of models/, and other arguments stand where the script's usage line has
  one;
- on a page with a marker, every block that looks generated has one: a
  table whose header row a bench/ script prints, or a fenced block whose
  first line is a "command: " line of a run.

Prints the number of markers of each page that has some, then one line
per failure, FILE:LINE first, and exits 1 on any.
"""
import glob
import os
import re
import shlex
import sys

MARKER = re.compile(r"^<!--\s*bench:(.*)-->\s*$")
WELL_FORMED = re.compile(r"^ ([A-Za-z0-9._-]+): (\S.*\S) $")
ASSIGNMENT = re.compile(r"^([A-Z_][A-Z0-9_]*)=")
CONFIG = re.compile(r"^([a-z0-9_]+):(\d+):(\d+|inf)(:.*)?$")


def option_accepted(script_text, option):
    """Whether a case label of the script's option loop is OPTION."""
    return re.search(r"(^|[\s(|])" + re.escape(option) + r"(\||\))", script_text, re.M) is not None


def takes_value(script_text, option):
    """Whether the option's case branch reads its value ($2 before ";;")."""
    return re.search(re.escape(option) + r"(\|[^)]*)?\)([^;]|;(?!;))*\$2", script_text) is not None


def takes_positional(script_text, script):
    """Whether the usage line (the comment line "bash bench/SCRIPT ...")
    shows an argument other than an option: [CONFIG...], [WORKDIR]."""
    for line in script_text.split("\n"):
        if line.startswith("#") and "bash bench/" + script in line:
            usage = re.sub(r"\[--[^\]]*\]", "", line.split("bench/" + script, 1)[1])
            if re.search(r"\[[A-Z][A-Z_]*(\.\.\.)?\]|\b[A-Z][A-Z_]+\.\.\.", usage):
                return True
    return False


def check_command(src, command, rows, where, failures):
    try:
        words = shlex.split(command)
    except ValueError as e:
        failures.append(f"{where}: cannot split '{command}': {e}")
        return
    assigned = []
    while words and ASSIGNMENT.match(words[0]):
        assigned.append(ASSIGNMENT.match(words.pop(0)).group(1))
    if len(words) < 2 or words[0] != "bash" or not words[1].startswith("bench/"):
        failures.append(f"{where}: '{command}' is not 'bash bench/SCRIPT ...'")
        return
    script = words[1][len("bench/"):]
    path = os.path.join(src, "bench", script)
    if not os.path.isfile(path):
        failures.append(f"{where}: no script bench/{script}")
        return
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for var in assigned:
        if not re.search(r"\$\{?" + var + r"\b", text):
            failures.append(f"{where}: bench/{script} does not read {var}")
    args = words[2:]
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg.startswith("--"):
            name = arg.split("=", 1)[0]
            if not option_accepted(text, name):
                failures.append(f"{where}: bench/{script} has no option {name}")
            elif name in ("--only", "--ids") and i < len(args):
                unknown = [r for r in args[i].split(",") if r not in rows]
                if unknown:
                    failures.append(f"{where}: {name} {args[i]}: no row {', '.join(unknown)} in models/cases.csv")
            if "=" not in arg and takes_value(text, name):
                i += 1  # the option's value
            continue
        m = CONFIG.match(arg)
        if m and not os.path.isfile(os.path.join(src, "models", m.group(1) + ".conc")):
            failures.append(f"{where}: {arg}: no model models/{m.group(1)}.conc")
        if not takes_positional(text, script):
            failures.append(f"{where}: bench/{script} takes no argument '{arg}'")


def generated_headers(src):
    """The header rows of the Markdown tables the bench scripts print."""
    headers = set()
    for path in glob.glob(os.path.join(src, "bench", "**", "*.sh"), recursive=True):
        with open(path, encoding="utf-8") as f:
            for m in re.finditer(r'^\s*echo "(\|[^"$]*\|)"\s*$', f.read(), re.M):
                if "---" not in m.group(1):
                    headers.add(m.group(1).strip())
    return headers


def check_page(src, path, rows, headers, failures):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    rel = os.path.relpath(path, src)
    names = {}
    marked = set()  # line numbers (0-based) of the blocks that follow a marker
    for n, line in enumerate(lines):
        m = MARKER.match(line)
        if not m:
            continue
        where = f"{rel}:{n + 1}"
        w = WELL_FORMED.match(m.group(1))
        if not w:
            failures.append(f"{where}: a marker is '<!-- bench: NAME: COMMAND -->'")
            continue
        name, command = w.groups()
        if name in names:
            failures.append(f"{where}: the name {name} is used at line {names[name]} too")
        names[name] = n + 1
        k = n + 1
        while k < len(lines) and not lines[k].strip():
            k += 1
        if k == len(lines) or not (lines[k].startswith("|") or lines[k].startswith("```")):
            failures.append(f"{where}: no table or fenced block after the marker {name}")
        else:
            marked.add(k)
        for part in command.split(" ; "):
            check_command(src, part, rows, where, failures)
    if names:
        print(f"{rel}: {len(names)} bench markers")
    else:
        return
    fence = False
    for n, line in enumerate(lines):
        starts_table = line.startswith("|") and (n == 0 or not lines[n - 1].startswith("|"))
        generated = (starts_table and line.strip() in headers) or (
            not fence and line.startswith("```") and n + 1 < len(lines) and lines[n + 1].startswith("command: "))
        if generated and n not in marked:
            failures.append(f"{rel}:{n + 1}: a block of a bench run without a marker '<!-- bench: NAME: COMMAND -->'")
        if line.startswith("```"):
            fence = not fence


def main():
    src, pages = os.path.abspath(sys.argv[1]), sys.argv[2:]
    with open(os.path.join(src, "models", "cases.csv"), encoding="utf-8") as f:
        rows = {line.split(",", 1)[0] for line in f if line.strip() and not line.startswith("#")}
    headers = generated_headers(src)
    failures = []
    for page in pages:
        check_page(src, os.path.abspath(page), rows, headers, failures)
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
