#include "fuzz/harness/running.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

namespace ibvcert::fuzz {
namespace {

int g_fd = -1;
std::string g_history; // IBVCERT_FUZZ_HISTORY's directory, empty when unset

// data as DIR/<ns since the epoch>-<pid>, on the host when this returns.
void keep_in_history(const uint8_t *data, size_t size)
{
	timespec now{};
	clock_gettime(CLOCK_REALTIME, &now);
	char name[64];
	snprintf(name, sizeof(name), "/%020llu-%d",
		 (unsigned long long)now.tv_sec * 1000000000ull + (unsigned long long)now.tv_nsec, (int)getpid());
	std::string path = g_history + name;
	int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size || fdatasync(fd) != 0)
		fprintf(stderr, "IBVCERT_FUZZ_HISTORY: cannot write %s: %s\n", path.c_str(), strerror(errno));
	if (fd >= 0)
		close(fd);
}

} // namespace

void set_history_dir(const char *path)
{
	if (mkdir(path, 0755) != 0 && errno != EEXIST) {
		fprintf(stderr, "IBVCERT_FUZZ_HISTORY: cannot make the directory %s: %s\n", path, strerror(errno));
		exit(2);
	}
	struct stat st{};
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "IBVCERT_FUZZ_HISTORY: %s is not a directory\n", path);
		exit(2);
	}
	g_history = path;
}

void set_running_file(const char *path)
{
	g_fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	if (g_fd < 0) {
		fprintf(stderr, "IBVCERT_FUZZ_RUNNING: cannot open %s: %s\n", path, strerror(errno));
		exit(2);
	}
}

// fdatasync: over the lab's 9p share (cache=mmap) the host has the bytes
// when it returns, as it has the case log's lines (lab/README.md).
void record_running_input(const uint8_t *data, size_t size)
{
	if (!g_history.empty())
		keep_in_history(data, size);
	if (g_fd < 0)
		return;
	if (pwrite(g_fd, data, size, 0) != (ssize_t)size || ftruncate(g_fd, (off_t)size) != 0 ||
	    fdatasync(g_fd) != 0)
		fprintf(stderr, "IBVCERT_FUZZ_RUNNING: write failed: %s\n", strerror(errno));
}

} // namespace ibvcert::fuzz

namespace ibvcert::fuzz {

void choose_oom_victim(int argc, char **argv)
{
	bool parent = false;
	for (int i = 1; i < argc; i++)
		if (!strncmp(argv[i], "-fork=", 6) || !strncmp(argv[i], "-merge=", 7))
			parent = strcmp(argv[i], "-fork=0") && strcmp(argv[i], "-merge=0");
	const char *adj = parent ? "-1000" : "1000";
	int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
	if (fd < 0 || write(fd, adj, strlen(adj)) != (ssize_t)strlen(adj)) {
		fprintf(stderr, "IBVCERT_FUZZ_OOM_VICTIM: cannot set /proc/self/oom_score_adj to %s: %s\n", adj,
			strerror(errno));
		exit(2);
	}
	close(fd);
}

} // namespace ibvcert::fuzz
