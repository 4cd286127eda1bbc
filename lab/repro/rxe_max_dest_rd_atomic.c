/*
 * rxe (Linux 6.12): ibv_modify_qp with IB_QP_MAX_DEST_RD_ATOMIC clears the
 * responder's old rd_atomic resource array with the NEW count.
 *
 * drivers/infiniband/sw/rxe/rxe_qp.c, rxe_qp_from_attr() in 6.12 stores
 * qp->attr.max_dest_rd_atomic = roundup_pow_of_two(new) before
 * free_rd_atomic_resources(qp), which loops i < qp->attr.max_dest_rd_atomic
 * over qp->resp.resources (sized for the OLD count) setting res->type = 0
 * (struct resp_res is 0x38 bytes).  Raising max_dest_rd_atomic therefore
 * writes zeros past the old array:
 *
 *   zero  (default)  old count 0: the old array is kcalloc(0) =
 *                    ZERO_SIZE_PTR (0x10), so the first write goes to
 *                    0x10: a NULL-page write fault, every time, on any
 *                    config (no KASAN needed).
 *   heap             old count 1: a 56-byte array in kmalloc-64; the new
 *                    count N writes 4 zero bytes every 56 bytes up to
 *                    56*N past it: KASAN slab-out-of-bounds; on a stock
 *                    kernel silent slab corruption (crash later, anywhere).
 *
 * The sequence, on one RC QP (a fresh QP has no array):
 *   1. RESET->INIT  STATE|PKEY_INDEX|PORT|ACCESS_FLAGS
 *   2. INIT->RTR    STATE|AV|PATH_MTU|DEST_QPN|RQ_PSN|MAX_DEST_RD_ATOMIC|MIN_RNR_TIMER
 *                   max_dest_rd_atomic = 0 (zero) or 1 (heap)
 *   3. RTR->RESET   STATE
 *   4. RESET->INIT  as 1
 *   5. INIT->RTR    as 2, max_dest_rd_atomic = N (default 16)  <- the bad write
 * or, with -w sqd (the path the property suite's counterexample took: an RC
 * QP built to SQD, then SQD->SQD raising max_dest_rd_atomic 1 -> 46):
 *   3. RTR->RTS     STATE|TIMEOUT|RETRY_CNT|RNR_RETRY|SQ_PSN|MAX_QP_RD_ATOMIC
 *   4. RTS->SQD     STATE (then wait until the SQ has drained)
 *   5. SQD->SQD     STATE|MAX_DEST_RD_ATOMIC, max_dest_rd_atomic = N  <- the bad write
 * Every call is legal (libibverbs man pages, IB spec); on a correct kernel
 * all succeed and nothing is written out of bounds.
 *
 *   cc -o rxe_max_dest_rd_atomic rxe_max_dest_rd_atomic.c -libverbs
 *   ./rxe_max_dest_rd_atomic [-d rxe0] [-m zero|heap] [-w reset|sqd] [-n N] [-i ITERATIONS] [-g GID_INDEX] [-q]
 *
 * Exit status: 0 the sequence ran and the kernel log (/dev/kmsg, when
 * readable) shows no report; 1 the deviation showed: the kernel logged a
 * KASAN/BUG/Oops/corruption report during the run, or a verb that must
 * succeed failed; 2 setup failure (no such device, cannot create the QP).
 * On an affected kernel with oops=panic the machine dies in step 5 instead.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

static int kmsg_fd = -1;

static void kmsg_open(void)
{
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg_fd >= 0)
		lseek(kmsg_fd, 0, SEEK_END);
}

/* Kernel log records since kmsg_open() that report memory corruption. */
static int kmsg_reports(void)
{
	static const char *const marks[] = { "KASAN", "BUG:", "Oops", "general protection",
					     "corruption", "Redzone", "Poison overwritten",
					     "unable to handle", "kernel BUG" };
	char rec[8192];
	int found = 0;

	if (kmsg_fd < 0)
		return 0;
	for (;;) {
		ssize_t n = read(kmsg_fd, rec, sizeof(rec) - 1);

		if (n < 0 && errno == EPIPE)
			continue; /* overwritten records: keep reading */
		if (n <= 0)
			break;
		rec[n] = 0;
		for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
			if (strstr(rec, marks[i])) {
				char *msg = strchr(rec, ';');

				printf("kernel: %s", msg ? msg + 1 : rec);
				found = 1;
				break;
			}
	}
	return found;
}

static const char *mask_names(int mask, char *buf, size_t len)
{
	static const struct { int bit; const char *name; } bits[] = {
		{ IBV_QP_STATE, "STATE" }, { IBV_QP_PKEY_INDEX, "PKEY_INDEX" },
		{ IBV_QP_PORT, "PORT" }, { IBV_QP_ACCESS_FLAGS, "ACCESS_FLAGS" },
		{ IBV_QP_AV, "AV" }, { IBV_QP_PATH_MTU, "PATH_MTU" },
		{ IBV_QP_DEST_QPN, "DEST_QPN" }, { IBV_QP_RQ_PSN, "RQ_PSN" },
		{ IBV_QP_MAX_DEST_RD_ATOMIC, "MAX_DEST_RD_ATOMIC" },
		{ IBV_QP_MIN_RNR_TIMER, "MIN_RNR_TIMER" }, { IBV_QP_TIMEOUT, "TIMEOUT" },
		{ IBV_QP_RETRY_CNT, "RETRY_CNT" }, { IBV_QP_RNR_RETRY, "RNR_RETRY" },
		{ IBV_QP_SQ_PSN, "SQ_PSN" }, { IBV_QP_MAX_QP_RD_ATOMIC, "MAX_QP_RD_ATOMIC" },
	};
	buf[0] = 0;
	for (size_t i = 0; i < sizeof(bits) / sizeof(bits[0]); i++)
		if (mask & bits[i].bit) {
			if (buf[0])
				strncat(buf, "|", len - strlen(buf) - 1);
			strncat(buf, bits[i].name, len - strlen(buf) - 1);
		}
	return buf;
}

static const char *state_name(enum ibv_qp_state s)
{
	switch (s) {
	case IBV_QPS_RESET: return "RESET";
	case IBV_QPS_INIT: return "INIT";
	case IBV_QPS_RTR: return "RTR";
	case IBV_QPS_RTS: return "RTS";
	case IBV_QPS_SQD: return "SQD";
	default: return "?";
	}
}

static int verbose = 1;

/* ibv_modify_qp, printed; returns its result. */
static int modify(struct ibv_qp *qp, struct ibv_qp_attr *attr, int mask)
{
	char names[256];
	int ret = ibv_modify_qp(qp, attr, mask);

	if (verbose || ret) {
		struct ibv_qp_attr q;
		struct ibv_qp_init_attr qi;

		printf("ibv_modify_qp(qp 0x%x, state=%s, mask=%s", qp->qp_num,
		       state_name(attr->qp_state), mask_names(mask, names, sizeof(names)));
		if (mask & IBV_QP_MAX_DEST_RD_ATOMIC)
			printf(", max_dest_rd_atomic=%u", attr->max_dest_rd_atomic);
		printf(") = %d%s%s", ret, ret ? " " : "", ret ? strerror(ret) : "");
		if (ibv_query_qp(qp, &q, IBV_QP_STATE | IBV_QP_MAX_DEST_RD_ATOMIC, &qi) == 0)
			printf("; ibv_query_qp: state=%s max_dest_rd_atomic=%u", state_name(q.qp_state),
			       q.max_dest_rd_atomic);
		printf("\n");
	}
	return ret;
}

static int to_init(struct ibv_qp *qp)
{
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_INIT, .pkey_index = 0, .port_num = 1,
				 .qp_access_flags = IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC };
	return modify(qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS);
}

static int to_rtr(struct ibv_qp *qp, int gid_index, uint8_t max_dest_rd_atomic)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_RTR,
		.path_mtu = IBV_MTU_1024,
		.dest_qp_num = qp->qp_num,
		.rq_psn = 0,
		.max_dest_rd_atomic = max_dest_rd_atomic,
		.min_rnr_timer = 12,
		.ah_attr = { .is_global = 1, .port_num = 1,
			     .grh = { .sgid_index = gid_index, .hop_limit = 1 } },
	};
	ibv_query_gid(qp->context, 1, gid_index, &a.ah_attr.grh.dgid); /* loopback to itself */
	return modify(qp, &a, IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN |
				      IBV_QP_RQ_PSN | IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER);
}

static int to_rts(struct ibv_qp *qp)
{
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_RTS, .timeout = 14, .retry_cnt = 7, .rnr_retry = 7,
				 .sq_psn = 0, .max_rd_atomic = 1 };
	return modify(qp, &a, IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY |
				      IBV_QP_SQ_PSN | IBV_QP_MAX_QP_RD_ATOMIC);
}

/* RTS->SQD, then wait (at most 5 s) until the send queue has drained:
 * rxe refuses SQD->SQD while it drains. */
static int to_sqd(struct ibv_qp *qp)
{
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_SQD };
	int ret = modify(qp, &a, IBV_QP_STATE);

	for (int i = 0; !ret && i < 500; i++) {
		struct ibv_qp_attr q;
		struct ibv_qp_init_attr qi;

		if (ibv_query_qp(qp, &q, IBV_QP_STATE, &qi) || !q.sq_draining)
			break;
		usleep(10000);
	}
	return ret;
}

/* SQD->SQD with just the new max_dest_rd_atomic (RC allows it there). */
static int sqd_to_sqd(struct ibv_qp *qp, uint8_t max_dest_rd_atomic)
{
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_SQD, .max_dest_rd_atomic = max_dest_rd_atomic };
	return modify(qp, &a, IBV_QP_STATE | IBV_QP_MAX_DEST_RD_ATOMIC);
}

static int to_reset(struct ibv_qp *qp)
{
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_RESET };
	return modify(qp, &a, IBV_QP_STATE);
}

static void usage(const char *prog)
{
	fprintf(stderr, "usage: %s [-d DEVICE] [-m zero|heap] [-w reset|sqd] [-n NEW_MAX_DEST_RD_ATOMIC] [-i ITERATIONS] [-g GID_INDEX] [-q]\n",
		prog);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *dev_name = "rxe0", *mode = "zero";
	int new_count = 16, iterations = 1, gid_index = 1, sqd_walk = 0, opt;

	while ((opt = getopt(argc, argv, "d:m:n:i:g:qw:")) != -1) {
		switch (opt) {
		case 'w':
			if (strcmp(optarg, "sqd") && strcmp(optarg, "reset"))
				usage(argv[0]);
			sqd_walk = strcmp(optarg, "sqd") == 0;
			break;
		case 'd': dev_name = optarg; break;
		case 'm': mode = optarg; break;
		case 'n': new_count = atoi(optarg); break;
		case 'i': iterations = atoi(optarg); break;
		case 'g': gid_index = atoi(optarg); break;
		case 'q': verbose = 0; break;
		default: usage(argv[0]);
		}
	}
	if ((strcmp(mode, "zero") && strcmp(mode, "heap")) || new_count < 2 || new_count > 255 ||
	    iterations < 1)
		usage(argv[0]);
	uint8_t old_count = strcmp(mode, "zero") == 0 ? 0 : 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	kmsg_open();

	int n_dev;
	struct ibv_device **devs = ibv_get_device_list(&n_dev), *dev = NULL;
	for (int i = 0; devs && i < n_dev; i++)
		if (strcmp(ibv_get_device_name(devs[i]), dev_name) == 0)
			dev = devs[i];
	if (!dev) {
		fprintf(stderr, "no device %s\n", dev_name);
		return 2;
	}
	struct ibv_context *ctx = ibv_open_device(dev);
	struct ibv_pd *pd = ctx ? ibv_alloc_pd(ctx) : NULL;
	struct ibv_cq *cq = pd ? ibv_create_cq(ctx, 16, NULL, NULL, 0) : NULL;
	if (!cq) {
		fprintf(stderr, "cannot open %s / allocate a PD / create a CQ: %s\n", dev_name, strerror(errno));
		return 2;
	}
	struct utsname uts;
	uname(&uts);
	printf("%s on Linux %s %s: mode %s, walk %s: max_dest_rd_atomic %u then %d, %d iteration(s)\n",
	       dev_name, uts.release, uts.version, mode, sqd_walk ? "sqd" : "reset", old_count, new_count,
	       iterations);

	int bad = 0;
	for (int it = 0; it < iterations && !bad; it++) {
		struct ibv_qp_init_attr init = {
			.send_cq = cq, .recv_cq = cq, .qp_type = IBV_QPT_RC,
			.cap = { .max_send_wr = 4, .max_recv_wr = 4, .max_send_sge = 1, .max_recv_sge = 1 },
		};
		struct ibv_qp *qp = ibv_create_qp(pd, &init);
		if (!qp) {
			fprintf(stderr, "ibv_create_qp(RC) failed: %s\n", strerror(errno));
			return 2;
		}
		if (verbose)
			printf("ibv_create_qp(RC) = qp 0x%x\n", qp->qp_num);
		int err = to_init(qp) || to_rtr(qp, gid_index, old_count);
		if (!err && sqd_walk)
			err = to_rts(qp) || to_sqd(qp) || sqd_to_sqd(qp, (uint8_t)new_count);
		else if (!err)
			err = to_reset(qp) || to_init(qp) || to_rtr(qp, gid_index, (uint8_t)new_count);
		if (err) {
			printf("a modify that must succeed failed\n");
			bad = 1;
		}
		if (ibv_destroy_qp(qp)) {
			printf("ibv_destroy_qp failed: %s\n", strerror(errno));
			bad = 1;
		}
		if (kmsg_reports())
			bad = 1;
		if (verbose && iterations > 1 && it == 0) {
			printf("(further iterations quiet)\n");
			verbose = 0;
		}
	}
	ibv_destroy_cq(cq);
	ibv_dealloc_pd(pd);
	ibv_close_device(ctx);
	ibv_free_device_list(devs);
	if (kmsg_reports())
		bad = 1;
	if (bad)
		printf("DEVIATION: the kernel misbehaved (see above)\n");
	else
		printf("clean: every call succeeded and the kernel logged no report%s\n",
		       kmsg_fd < 0 ? " (/dev/kmsg not readable: not checked)" : "");
	return bad;
}
