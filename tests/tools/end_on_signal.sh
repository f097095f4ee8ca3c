# A run ended by SIGINT (Ctrl-C), SIGTERM or SIGHUP leaves no temporary
# file behind (tools/common/end_on_signal.hpp) and ends by that signal, so
# that the caller sees it; a signal ignored when the tool started (nohup)
# stays ignored. memory_probe runs under tools::run_tool as every tool
# does: it opens its -o result first (its temporary file then exists) and
# holds it for the given seconds before writing the rest.
. "$(dirname "$0")/lib.sh"
mkdir "$work/o"
python3 - "$PROBE" "$work/o" <<'PY' || fail "signals"
import os, signal, subprocess, sys, time
probe, folder = sys.argv[1], sys.argv[2]
handled = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

def defaults():  # as from a terminal: a script's background job ignores SIGINT
    for s in handled:
        signal.signal(s, signal.SIG_DFL)

def under_way(name):  # its temporary file exists
    for _ in range(400):
        if any(f.startswith(name + ".tmp") for f in os.listdir(folder)):
            return True
        time.sleep(0.05)
    return False

for s in handled:
    p = subprocess.Popen([probe, "--hold", "20", "-o", os.path.join(folder, "r")], preexec_fn=defaults)
    assert under_way("r"), f"{s.name}: no temporary file"
    p.send_signal(s)
    status = p.wait(timeout=20)
    assert status == -s, f"{s.name}: ended with {status}, not by the signal"
    assert os.listdir(folder) == [], f"{s.name}: left {os.listdir(folder)}"

def hangup_ignored():  # as under nohup
    defaults()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)

p = subprocess.Popen([probe, "--hold", "1", "-o", os.path.join(folder, "kept")], preexec_fn=hangup_ignored)
assert under_way("kept"), "nohup: no temporary file"
p.send_signal(signal.SIGHUP)
assert p.wait(timeout=20) == 0, "nohup: SIGHUP ended the run"
assert open(os.path.join(folder, "kept")).read() == "begun\ndone\n", "nohup: no result"
PY
finish
