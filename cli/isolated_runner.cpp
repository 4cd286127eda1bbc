#include "cli/isolated_runner.h"

#include "fixtures/verb_trace.h"
#include "reports/case_json.h"

#include <fmt/core.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ibvcert {
namespace {

volatile sig_atomic_t g_signal = 0;

void on_signal(int sig)
{
	g_signal = sig;
}

std::string signal_name(int sig)
{
	const char *abbrev = sigabbrev_np(sig);
	return std::string("SIG") + (abbrev ? abbrev : std::to_string(sig).c_str());
}

// Lines a child writes: "S <name>" when a case starts, "E <json>" when it ends.
void write_line(int fd, const std::string &line)
{
	std::string buf = line + "\n";
	const char *p = buf.data();
	size_t left = buf.size();
	while (left) {
		ssize_t n = write(fd, p, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			_exit(3);
		p += n;
		left -= n;
	}
}

[[noreturn]] void child_main(int fd, const std::string &glob, const std::function<void()> &setup,
			     pid_t parent, const IsolationOptions &options)
{
	// The child and everything it starts die with the run, whatever kills it.
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(4);
	for (int sig : {SIGINT, SIGTERM, SIGHUP})
		signal(sig, SIG_DFL);
	setup();
	run_cases(glob, {[fd](const std::string &name) {
				 clear_verb_trace();
				 write_line(fd, "S " + name);
			 },
			 [fd](CaseResult c) { write_line(fd, "E " + case_to_json(c).dump()); }, options.replay});
	_exit(0);
}

// " during ibv_modify_qp", from the verb trace; "" when none was noted.
std::string during()
{
	std::string verb = verb_trace().verb;
	return verb.empty() ? "" : " during " + verb.substr(0, verb.find('('));
}

} // namespace

CaseResult unfinished_case(const std::string &full_name, Outcome outcome, const std::string &what,
			   const IsolationOptions &options)
{
	CaseResult c;
	size_t dot = full_name.find('.');
	c.suite = full_name.substr(0, dot);
	c.name = full_name.substr(dot + 1);
	size_t slash = c.suite.rfind('/');
	c.clause = (slash == std::string::npos ? c.suite : c.suite.substr(slash + 1)) + "." +
		   c.name.substr(0, c.name.find('/'));
	c.outcome = outcome;
	// The clause as the case recorded it before it died (fixtures/verb_trace.h).
	VerbTrace t = verb_trace();
	c.level = t.level;
	c.source = t.source;
	for (size_t at = 0; !t.rules.empty() && at != std::string::npos;) {
		size_t comma = t.rules.find(',', at);
		c.rules.push_back(t.rules.substr(at, comma == std::string::npos ? comma : comma - at));
		at = comma == std::string::npos ? comma : comma + 1;
	}
	std::string verb = t.verb.empty() ? "(none recorded)" : t.verb;
	c.message = what + "\n";
	if (!options.device.empty())
		c.message += "device: " + options.device + "\n";
	if (!t.object.empty())
		c.message += "object: " + t.object + "\n";
	c.message += "last verb called: " + verb;
	if (options.replay)
		c.message += "\nreplay: " + options.replay(full_name);
	return c;
}

namespace {

std::string exit_text(int status)
{
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);
		const char *abbrev = sigabbrev_np(sig);
		return std::string("was killed by SIG") + (abbrev ? abbrev : std::to_string(sig).c_str()) +
		       " (" + strsignal(sig) + ")";
	}
	return "exited with status " + std::to_string(WEXITSTATUS(status)) + " in the middle of the case";
}

} // namespace

void stop_on_signals()
{
	struct sigaction sa {};
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; // no SA_RESTART: the wait for the child returns EINTR
	for (int sig : {SIGINT, SIGTERM, SIGHUP})
		sigaction(sig, &sa, nullptr);
}

int interrupting_signal()
{
	return g_signal;
}

void run_isolated(const std::string &glob, const IsolationOptions &options,
		  const std::function<void()> &child_setup,
		  const std::function<void(CaseResult)> &ended)
{
	size_t trace_len = verb_trace_size();
	char *trace = static_cast<char *>(
		mmap(nullptr, trace_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
	if (trace == MAP_FAILED)
		trace = nullptr;
	// This process reads the trace the children write.
	if (trace)
		set_verb_trace_buffer(trace, trace_len);
	std::vector<std::string> done;
	pid_t self = getpid();
	while (!g_signal) {
		int fds[2];
		if (pipe(fds) != 0)
			return;
		std::fflush(stdout);
		pid_t pid = fork();
		if (pid == 0) {
			close(fds[0]);
			child_main(fds[1], glob_without(glob, done), child_setup, self, options);
		}
		if (pid > 0)
			setpgid(pid, pid); // as the child does: no race either way
		close(fds[1]);

		std::string buffer, current;
		bool timed_out = false, stopped = false;
		auto started_at = std::chrono::steady_clock::now();
		for (;;) {
			if (g_signal) {
				kill(-pid, SIGKILL);
				break;
			}
			pollfd p{fds[0], POLLIN, 0};
			double left = options.case_timeout -
				      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_at).count();
			int r = current.empty() ? poll(&p, 1, -1) : poll(&p, 1, left > 0 ? (int)(left * 1000) : 0);
			if (r < 0 && errno == EINTR)
				continue;
			if (r == 0) {
				timed_out = true;
				kill(-pid, SIGKILL); // the case's process and all it started
				break;
			}
			char chunk[65536];
			ssize_t n = read(fds[0], chunk, sizeof(chunk));
			if (n <= 0)
				break;
			buffer.append(chunk, n);
			size_t nl;
			while ((nl = buffer.find('\n')) != std::string::npos) {
				std::string line = buffer.substr(0, nl);
				buffer.erase(0, nl + 1);
				if (line.rfind("S ", 0) == 0) {
					current = line.substr(2);
					started_at = std::chrono::steady_clock::now();
				} else if (line.rfind("E ", 0) == 0) {
					ended(case_from_json(nlohmann::json::parse(line.substr(2))));
					done.push_back(current);
					current.clear();
					if (options.stop && options.stop()) {
						kill(-pid, SIGKILL);
						stopped = true;
						break;
					}
				}
			}
			if (stopped)
				break;
		}
		close(fds[0]);
		int status = 0;
		waitpid(pid, &status, 0);
		if (g_signal) {
			if (!current.empty())
				ended(unfinished_case(current, Outcome::Interrupted,
						      "the run was stopped by " + signal_name(g_signal) +
							      " while this case ran" + during() +
							      "; its process was killed",
						      options));
			break;
		}
		if (current.empty() || stopped)
			break; // the child ran every case, or the run has what it needs
		std::string what = timed_out ? "no result after " + fmt::format("{:g}", options.case_timeout) +
						       " s" + during() + ": the case's process was killed"
					     : "the case's process " + exit_text(status) + during();
		ended(unfinished_case(current, timed_out ? Outcome::Timeout : Outcome::Crash, what, options));
		done.push_back(current);
		if (options.stop && options.stop())
			break;
	}
	if (trace) {
		static char own[1 << 12];
		set_verb_trace_buffer(own, sizeof(own)); // the trace outlives the mapping
		munmap(trace, trace_len);
	}
}

} // namespace ibvcert
