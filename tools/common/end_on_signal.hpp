#pragma once
// A run stopped by the user (Ctrl-C: SIGINT; SIGTERM; SIGHUP when the
// terminal goes away) leaves no temporary file behind. Result files are
// written under a temporary name and renamed once complete
// (formats/output_file.hpp); a signal's default action would end the
// process between the two and leave a half-written file of up to GBs.

namespace tools {

// Blocks SIGINT, SIGTERM and SIGHUP in the calling thread and in every
// thread it starts later, and starts a thread that waits for them. On one,
// that thread removes the temporary files of the results not yet committed
// (formats::discard_outputs_on_signal) and ends the process by the same
// signal, with its default action, so that the caller sees it (a shell:
// status 128 + N). A signal ignored when the tool started (nohup, a
// background job of a script) stays ignored. Call it first, before any
// other thread is started.
void end_on_signal_without_temporaries();

// SIGPIPE (the reader of a pipe the tool writes went away) ends the tool by
// its default action, silently, whatever the caller set, after removing the
// temporary files of the results not yet committed.
void end_on_broken_pipe_without_temporaries();

}  // namespace tools
