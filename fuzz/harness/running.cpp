#include "fuzz/harness/running.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace ibvcert::fuzz {
namespace {

int g_fd = -1;

} // namespace

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
