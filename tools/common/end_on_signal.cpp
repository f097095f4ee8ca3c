#include "tools/common/end_on_signal.hpp"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <system_error>
#include <thread>

#include "formats/output_file.hpp"

namespace tools {

namespace {

// Ends the process by `signal`, as if it had never been blocked or waited for.
[[noreturn]] void end_by(int signal) {
  ::signal(signal, SIG_DFL);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, signal);
  ::pthread_sigmask(SIG_UNBLOCK, &one, nullptr);
  ::raise(signal);
  ::_exit(128 + signal);  // the default action of these signals ends the process: not reached
}

// SIGPIPE goes to the thread whose write failed, never to the thread that
// waits for the others: its handler removes the temporary files with
// async-signal-safe calls, then the default action (restored on entry,
// SA_RESETHAND) ends the process silently, as it ends any filter whose
// reader went away.
extern "C" void end_on_broken_pipe(int) {
  formats::discard_outputs_in_signal_handler();
  ::raise(SIGPIPE);
}

}  // namespace

void end_on_broken_pipe_without_temporaries() {
  struct sigaction action {};
  action.sa_handler = end_on_broken_pipe;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND | SA_NODEFER;
  ::sigaction(SIGPIPE, &action, nullptr);
}

void end_on_signal_without_temporaries() {
  sigset_t handled;
  sigemptyset(&handled);
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction now {};
    if (::sigaction(signal, nullptr, &now) == 0 && now.sa_handler != SIG_IGN) sigaddset(&handled, signal);
  }
  if (::pthread_sigmask(SIG_BLOCK, &handled, nullptr) != 0) return;
  try {
    std::thread([handled] {
      int signal = 0;
      while (::sigwait(&handled, &signal) != 0) {}
      formats::discard_outputs_on_signal();
      end_by(signal);
    }).detach();
  } catch (const std::system_error&) {  // no thread: the signals keep their default action
    ::pthread_sigmask(SIG_UNBLOCK, &handled, nullptr);
  }
}

}  // namespace tools
