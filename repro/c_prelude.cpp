#include "repro/c_prelude.h"

namespace ibvcert {

const char *const kReproPrelude = R"C(#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <poll.h>
#include <rdma/ib_user_verbs.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static struct ibv_context *ctx;
static const char *dev_name;

/* "0", "EINVAL", or "-ENOMEM" for a negative return value. */
static const char *err_name(int e)
{
	static char buf[4][32];
	static int n;
	char *b = buf[n++ % 4];
	const char *name;

	if (e == 0)
		return "0";
	name = strerrorname_np(e < 0 ? -e : e);
	if (name)
		snprintf(b, 32, "%s%s", e < 0 ? "-" : "", name);
	else
		snprintf(b, 32, "%d", e);
	return b;
}

__attribute__((unused)) static const char *state_name(int s)
{
	static const char *const names[] = { "RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR", "UNKNOWN" };

	return s >= 0 && s <= 7 ? names[s] : "(out of range)";
}

__attribute__((unused)) static long long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000LL + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/* A call of the walk answered otherwise than on the finding's run: the
 * objects are not where the finding had them, so nothing can be decided. */
__attribute__((unused)) static void expect_same(const char *call, int ret, int recorded)
{
	if (ret == recorded)
		return;
	printf("SETUP: %s returned %s; on the finding's run it returned %s: not the same walk, "
	       "the reproducer cannot decide\n", call, err_name(ret), err_name(recorded));
	exit(2);
}

__attribute__((unused)) static void *need(void *obj, const char *call)
{
	if (obj)
		return obj;
	printf("SETUP: %s failed: %s\n", call, err_name(errno ? errno : EINVAL));
	exit(2);
}

/* Polls cq until want completions came, for at most 5 s. */
__attribute__((unused)) static int poll_until(struct ibv_cq *cq, const char *name, int want)
{
	struct ibv_wc wc[16];
	struct timespec t0;
	int got = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (got < want && ms_since(&t0) < 5000) {
		int n = ibv_poll_cq(cq, want - got < 16 ? want - got : 16, wc);

		if (n < 0) {
			printf("ibv_poll_cq(%s) = %d\n", name, n);
			break;
		}
		for (int i = 0; i < n; i++)
			printf("  %s: completion wr_id %llu %s\n", name, (unsigned long long)wc[i].wr_id,
			       ibv_wc_status_str(wc[i].status));
		got += n;
		if (!n)
			usleep(100);
	}
	printf("ibv_poll_cq(%s) until %d completion(s): %d\n", name, want, got);
	return got;
}

/* ibv_get_async_event waiting at most timeout_ms: 0, or ETIMEDOUT. */
__attribute__((unused)) static int wait_event(struct ibv_async_event *ev, int timeout_ms)
{
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		long long left = timeout_ms - ms_since(&t0);
		struct pollfd p = { .fd = ctx->async_fd, .events = POLLIN };

		if (left <= 0 || poll(&p, 1, (int)left) <= 0)
			return ETIMEDOUT;
		if (ibv_get_async_event(ctx, ev) == 0)
			return 0;
		if (errno != EAGAIN && errno != EWOULDBLOCK)
			return errno;
	}
}

/* ibv_query_srq(3); where the provider has none (EOPNOTSUPP: rdma-core's
 * siw), the kernel's answer to the uverbs QUERY_SRQ command, as ibvcert
 * reads it (fixtures/verbs/verbs_srq_query.cpp). */
__attribute__((unused)) static int query_srq(struct ibv_srq *srq, struct ibv_srq_attr *attr)
{
	struct {
		struct ib_uverbs_cmd_hdr hdr;
		struct ib_uverbs_query_srq core;
	} cmd;
	struct ib_uverbs_query_srq_resp resp;
	int ret = ibv_query_srq(srq, attr);

	if (ret != EOPNOTSUPP)
		return ret;
	memset(&cmd, 0, sizeof(cmd));
	memset(&resp, 0, sizeof(resp));
	cmd.hdr.command = IB_USER_VERBS_CMD_QUERY_SRQ;
	cmd.hdr.in_words = sizeof(cmd) / 4;
	cmd.hdr.out_words = sizeof(resp) / 4;
	cmd.core.response = (uintptr_t)&resp;
	cmd.core.srq_handle = srq->handle;
	if (write(srq->context->cmd_fd, &cmd, sizeof(cmd)) != (ssize_t)sizeof(cmd))
		return errno ? errno : EIO;
	printf("  (ibv_query_srq: EOPNOTSUPP; the kernel's uverbs QUERY_SRQ answered)\n");
	attr->max_wr = resp.max_wr;
	attr->max_sge = resp.max_sge;
	attr->srq_limit = resp.srq_limit;
	return 0;
}

static void open_device(int argc, char **argv, const char *default_name)
{
	struct ibv_device **list, *dev = NULL;
	struct utsname uts;
	int n = 0, opt;

	dev_name = default_name;
	while ((opt = getopt(argc, argv, "d:h")) != -1) {
		if (opt == 'd') {
			dev_name = optarg;
		} else {
			fprintf(stderr, "usage: %s [-d DEVICE] (default %s)\n", argv[0], default_name);
			exit(2);
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	list = ibv_get_device_list(&n);
	for (int i = 0; list && i < n; i++)
		if (strcmp(ibv_get_device_name(list[i]), dev_name) == 0)
			dev = list[i];
	if (!dev) {
		printf("SETUP: no device %s\n", dev_name);
		exit(2);
	}
	ctx = need(ibv_open_device(dev), "ibv_open_device");
	fcntl(ctx->async_fd, F_SETFL, fcntl(ctx->async_fd, F_GETFL) | O_NONBLOCK);
	uname(&uts);
	printf("device %s, Linux %s, libibverbs of rdma-core\n", dev_name, uts.release);
}
)C";

const char *const kReproCmConnect = R"C(
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <rdma/rdma_cma.h>

/* The next rdma_cm event, which must be want; returns its id. */
static struct rdma_cm_id *cm_expect(struct rdma_event_channel *ch, enum rdma_cm_event_type want)
{
	struct rdma_cm_event *ev;
	struct rdma_cm_id *id;
	struct pollfd p = { .fd = ch->fd, .events = POLLIN };

	if (poll(&p, 1, 5000) <= 0 || rdma_get_cm_event(ch, &ev)) {
		printf("SETUP: rdma_cm: no %s within 5 s\n", rdma_event_str(want));
		exit(2);
	}
	if (ev->event != want) {
		printf("SETUP: rdma_cm: %s (status %d), expected %s\n", rdma_event_str(ev->event),
		       ev->status, rdma_event_str(want));
		exit(2);
	}
	id = ev->id;
	rdma_ack_cm_event(ev);
	return id;
}

/* Connects RC QPs a and b (both in INIT) to each other through rdma_cm over
 * the device's first IPv4 address, as an iWARP device needs: rdma_connect
 * and rdma_accept name the QPs by qp_num. */
static void cm_connect_loopback(struct ibv_qp *a, struct ibv_qp *b)
{
	struct rdma_event_channel *ch = need(rdma_create_event_channel(), "rdma_create_event_channel");
	struct rdma_cm_id *listener, *client, *server = NULL;
	struct sockaddr_in addr = { 0 }, dst;
	struct rdma_conn_param pa = { 0 }, pb = { 0 };
	struct ifaddrs *ifs, *i;
	int found = 0;

	getifaddrs(&ifs);
	for (i = ifs; i && !found; i = i->ifa_next) {
		struct rdma_cm_id *probe;

		if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET)
			continue;
		if (rdma_create_id(ch, &probe, NULL, RDMA_PS_TCP))
			continue;
		memcpy(&addr, i->ifa_addr, sizeof(addr));
		addr.sin_port = 0;
		if (!rdma_bind_addr(probe, (struct sockaddr *)&addr) && probe->verbs &&
		    strcmp(ibv_get_device_name(probe->verbs->device), dev_name) == 0)
			found = 1;
		rdma_destroy_id(probe);
	}
	freeifaddrs(ifs);
	if (!found) {
		printf("SETUP: no IPv4 address maps to %s\n", dev_name);
		exit(2);
	}
	if (rdma_create_id(ch, &listener, NULL, RDMA_PS_TCP) ||
	    rdma_bind_addr(listener, (struct sockaddr *)&addr) || rdma_listen(listener, 1)) {
		printf("SETUP: rdma_cm listen: %s\n", err_name(errno));
		exit(2);
	}
	dst = addr;
	dst.sin_port = rdma_get_src_port(listener);
	addr.sin_port = 0;
	if (rdma_create_id(ch, &client, NULL, RDMA_PS_TCP) ||
	    rdma_resolve_addr(client, (struct sockaddr *)&addr, (struct sockaddr *)&dst, 2000)) {
		printf("SETUP: rdma_resolve_addr: %s\n", err_name(errno));
		exit(2);
	}
	cm_expect(ch, RDMA_CM_EVENT_ADDR_RESOLVED);
	if (rdma_resolve_route(client, 2000)) {
		printf("SETUP: rdma_resolve_route: %s\n", err_name(errno));
		exit(2);
	}
	cm_expect(ch, RDMA_CM_EVENT_ROUTE_RESOLVED);
	pa.qp_num = a->qp_num;
	pa.responder_resources = pa.initiator_depth = 1;
	pa.retry_count = 7;
	pa.rnr_retry_count = 7;
	pb = pa;
	pb.qp_num = b->qp_num;
	if (rdma_connect(client, &pa)) {
		printf("SETUP: rdma_connect: %s\n", err_name(errno));
		exit(2);
	}
	server = cm_expect(ch, RDMA_CM_EVENT_CONNECT_REQUEST);
	if (rdma_accept(server, &pb)) {
		printf("SETUP: rdma_accept: %s\n", err_name(errno));
		exit(2);
	}
	cm_expect(ch, RDMA_CM_EVENT_ESTABLISHED);
	cm_expect(ch, RDMA_CM_EVENT_ESTABLISHED);
	printf("rdma_cm: qp 0x%x and qp 0x%x connected\n", a->qp_num, b->qp_num);
	/* the ids stay: destroying them would disconnect the QPs */
}
)C";

} // namespace ibvcert
