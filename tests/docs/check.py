#!/usr/bin/env python3
"""Runs the commands of README.md and docs/*.md (extract.py) and checks them.

Usage: check.py BIN SRC FILE.md...
Each file's commands run in order in one temporary folder of their own,
which holds links to the repository's models/, tests/ and bench/ (so earlier
commands' outputs are there for later ones), with BIN first on PATH, then
the generators of bench/refine/ beside BIN (BIN/../bench/refine), BIN in
the environment (the bench scripts run the tools from there) and
"build/tools/" read as BIN. A command fails when it exits otherwise than
the docs say (extract.py), or when its shown output is not found in what
it prints; each failure names FILE:LINE. An mpirun command is skipped
where Open MPI or the tool it runs (gen-mpi, quotient-mpi) is not there,
and so are the later commands of its block, which read what it writes. Prints, per file, how many
commands ran and how many were skipped, and exits 1 on any failure.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import extract  # noqa: E402

UNITS = re.compile(r"\d+(?:\.\d+)?\s*(?:ms|s|KB|KiB|MB|MiB|GB|GiB|B|%)(?![A-Za-z])")
TIMEOUT = 120
MPI_TOOLS = ("gen-mpi", "quotient-mpi")


def normalise(line):
    return " ".join(UNITS.sub("<N>", line).split())


def shown_output_found(expect, printed):
    """Every shown line, in order, within one printed line ("..." skips)."""
    lines = [normalise(l) for l in printed.split("\n")]
    at = 0
    for want in expect:
        want = normalise(want)
        if want in ("...", "…", ""):
            continue
        while at < len(lines) and want not in lines[at]:
            at += 1
        if at == len(lines):
            return want
        at += 1
    return None


def run(command, folder, env):
    try:
        p = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=folder, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=TIMEOUT, text=True, errors="replace")
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return None, ""


def check_file(path, binary, env, failures):
    ran = skipped = 0
    with tempfile.TemporaryDirectory() as folder:
        for shared in ("models", "tests", "bench"):
            os.symlink(os.path.join(env["SRC"], shared), os.path.join(folder, shared))
        mpirun = shutil.which("mpirun") is not None
        no_mpi = None  # the block of a skipped mpirun command
        for c in extract.commands(path):
            where = f"{os.path.relpath(path, env['SRC'])}:{c['line']}"
            if c["command"].startswith("mpirun") and not (
                    mpirun and all(os.path.exists(os.path.join(binary, t)) for t in MPI_TOOLS if t in c["command"])):
                no_mpi = c["block"]
            if c["skip"] is not None or c["block"] == no_mpi:
                skipped += 1
                continue
            command = c["command"].replace("build/tools/", binary + "/")
            status, printed = run(command, folder, env)
            ran += 1
            if status is None:
                failures.append(f"{where}: '{c['command']}' ran over {TIMEOUT} s")
                continue
            wanted = [c["exit"]] if c["exit"] is not None else [0, 1]
            if status not in wanted:
                tail = "\n    ".join(printed.strip().split("\n")[-3:])
                failures.append(f"{where}: '{c['command']}' exited {status}, expected {' or '.join(map(str, wanted))}:\n    {tail}")
                continue
            missing = shown_output_found(c["expect"], printed)
            if missing is not None:
                failures.append(f"{where}: '{c['command']}' does not print the shown line: {missing}")
    return ran, skipped


def main():
    binary, source, files = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3:]
    generators = os.path.join(os.path.dirname(binary), "bench", "refine")
    env = dict(os.environ, PATH=os.pathsep.join([binary, generators, os.environ.get("PATH", "")]), SRC=source, BIN=binary)
    # Open MPI as root, over shared memory only, as tests/distributed/lib.sh runs it.
    env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1", OMPI_MCA_btl="self,vader",
               OMPI_MCA_btl_vader_single_copy_mechanism="none", OMPI_MCA_pml="ob1",
               OMPI_MCA_rmaps_base_oversubscribe="1")  # -np 4 on a 2-core machine
    failures = []
    for path in files:
        ran, skipped = check_file(os.path.abspath(path), binary, env, failures)
        print(f"{os.path.relpath(path, source)}: {ran} commands ran, {skipped} skipped")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
