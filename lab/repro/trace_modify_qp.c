/*
 * LD_PRELOAD shim: logs every ibv_create_qp / ibv_modify_qp / ibv_destroy_qp
 * of a program (e.g. ibvcert) to the file $IBVCERT_VERB_TRACE, one line per
 * call, written and fsync'ed BEFORE the call goes to the kernel and again
 * with its result, so the call that kills the (lab guest) kernel is the last
 * line on the host.  Each line starts with CLOCK_MONOTONIC, the clock of the
 * kernel log's timestamps.  This is how the ModifyQpProperty run was reduced to
 * the sequence in rxe_max_dest_rd_atomic.c.
 *
 *   cc -shared -fPIC -o trace_modify_qp.so trace_modify_qp.c -ldl
 *   IBVCERT_VERB_TRACE=/share/trace.log LD_PRELOAD=$PWD/trace_modify_qp.so ibvcert run ...
 *
 * (lab/run passes IBVCERT_* variables to the guest; LD_PRELOAD is given by
 * wrapping the command: lab/run -- env LD_PRELOAD=... ibvcert ...)
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void trace(const char *fmt, ...)
{
	static int fd = -2;
	char line[1024];
	va_list ap;
	int n;

	if (fd == -2) {
		const char *path = getenv("IBVCERT_VERB_TRACE");

		fd = path ? open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644) : -1;
	}
	if (fd < 0)
		return;
	/* the kernel log's clock, to line calls up with its reports */
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	n = snprintf(line, sizeof(line), "[%5ld.%06ld] ", (long)ts.tv_sec, ts.tv_nsec / 1000);
	va_start(ap, fmt);
	n += vsnprintf(line + n, sizeof(line) - n, fmt, ap);
	va_end(ap);
	if (n > 0 && write(fd, line, n < (int)sizeof(line) ? n : (int)sizeof(line) - 1) > 0)
		fsync(fd);
}

struct ibv_qp *ibv_create_qp(struct ibv_pd *pd, struct ibv_qp_init_attr *init)
{
	static struct ibv_qp *(*real)(struct ibv_pd *, struct ibv_qp_init_attr *);
	struct ibv_qp *qp;

	if (!real)
		real = dlsym(RTLD_NEXT, "ibv_create_qp");
	qp = real(pd, init);
	trace("create type=%d -> qp=0x%x\n", init->qp_type, qp ? qp->qp_num : 0);
	return qp;
}

int ibv_destroy_qp(struct ibv_qp *qp)
{
	static int (*real)(struct ibv_qp *);
	unsigned num = qp->qp_num;

	if (!real)
		real = dlsym(RTLD_NEXT, "ibv_destroy_qp");
	trace("destroy qp=0x%x\n", num);
	return real(qp);
}

int ibv_modify_qp(struct ibv_qp *qp, struct ibv_qp_attr *a, int mask)
{
	static int (*real)(struct ibv_qp *, struct ibv_qp_attr *, int);
	int ret;

	if (!real)
		real = dlsym(RTLD_NEXT, "ibv_modify_qp");
	trace("modify qp=0x%x type=%d cur=%d mask=0x%x state=%d max_dest_rd_atomic=%u max_rd_atomic=%u "
	      "access=0x%x pkey=%u port=%u mtu=%d dqpn=0x%x rq_psn=%u sq_psn=%u rnr=%u timeout=%u\n",
	      qp->qp_num, qp->qp_type, qp->state, mask, a->qp_state, a->max_dest_rd_atomic,
	      a->max_rd_atomic, a->qp_access_flags, a->pkey_index, a->port_num, a->path_mtu,
	      a->dest_qp_num, a->rq_psn, a->sq_psn, a->min_rnr_timer, a->timeout);
	ret = real(qp, a, mask);
	trace("  -> %d\n", ret);
	return ret;
}
