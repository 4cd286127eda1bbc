/*
 * siw (rdma-core's providers/siw, 44 and 56.1): ibv_post_recv or
 * ibv_post_srq_recv of a WR whose num_sge is negative kills the caller
 * with SIGSEGV instead of failing the post.
 *
 * providers/siw/siw.c, push_recv_wqe() accepts a WR when
 * "num_sge && num_sge <= SIW_MAX_SGE" on the int, so -1 passes, and then
 * copies sizeof(struct ibv_sge) * num_sge bytes: a size_t near 2^64, into
 * the receive queue mapped from the kernel. ibv_post_recv(3): the post
 * "stops processing WRs from this list at the first failure (that can be
 * detected immediately while requests are being posted), and returns this
 * failing WR through bad_wr"; num_sge is the "Size of the s/g array", and
 * no array has a negative size. rxe refuses the same WR with EINVAL.
 *
 * One RC QP taken to INIT (or, with -s, an SRQ), no connection needed: the
 * post is made in a child process, and the parent reports how the child
 * ended.
 *
 *   cc -o siw_post_recv_negative_num_sge siw_post_recv_negative_num_sge.c -libverbs
 *   ./siw_post_recv_negative_num_sge [-d siw0] [-s] [-n NUM_SGE]
 *
 * Exit status: 0 the post failed with an error (the bug is not there; with
 * -n N within 0..2, the post was taken); 1 the deviation showed: the child
 * died of a signal, or a WR outside 0..max_recv_sge was taken (siw takes
 * up to SIW_MAX_SGE: -n 3), or one within it failed; 2 setup failure (no
 * such device, cannot create the QP or SRQ), or bad usage.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <infiniband/verbs.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int setup_fail(const char *what, int err)
{
	fprintf(stderr, "setup: %s failed: %s\n", what, strerror(err));
	return 2;
}

static struct ibv_context *open_named(const char *name)
{
	int n = 0;
	struct ibv_device **list = ibv_get_device_list(&n);
	struct ibv_context *ctx = NULL;

	for (int i = 0; list && i < n; i++)
		if (!strcmp(ibv_get_device_name(list[i]), name))
			ctx = ibv_open_device(list[i]);
	if (list)
		ibv_free_device_list(list);
	return ctx;
}

/* The post, in the child: its exit status is 0 when the post returned 0,
 * 10 + the errno-like value's absolute value (capped) otherwise. */
static int post(struct ibv_qp *qp, struct ibv_srq *srq, void *buf, uint32_t lkey, int num_sge)
{
	struct ibv_sge sge = {(uintptr_t)buf, 64, lkey};
	struct ibv_recv_wr wr, *bad = NULL;
	int ret;

	memset(&wr, 0, sizeof(wr));
	wr.wr_id = 1;
	wr.sg_list = &sge;
	wr.num_sge = num_sge;
	ret = srq ? ibv_post_srq_recv(srq, &wr, &bad) : ibv_post_recv(qp, &wr, &bad);
	printf("%s(num_sge=%d) = %d%s\n", srq ? "ibv_post_srq_recv" : "ibv_post_recv", num_sge, ret,
	       ret ? (bad == &wr ? ", bad_wr = the WR" : ", bad_wr not the WR") : "");
	fflush(stdout);
	if (!ret)
		return 0;
	ret = ret < 0 ? -ret : ret;
	return 10 + (ret > 100 ? 100 : ret);
}

int main(int argc, char **argv)
{
	const char *dev = "siw0";
	int use_srq = 0, num_sge = -1, opt;

	while ((opt = getopt(argc, argv, "d:sn:")) != -1) {
		switch (opt) {
		case 'd': dev = optarg; break;
		case 's': use_srq = 1; break;
		case 'n': num_sge = atoi(optarg); break;
		default:
			fprintf(stderr, "usage: %s [-d DEVICE] [-s] [-n NUM_SGE]\n", argv[0]);
			return 2;
		}
	}
	struct ibv_context *ctx = open_named(dev);
	if (!ctx)
		return setup_fail(dev, ENODEV);
	struct ibv_pd *pd = ibv_alloc_pd(ctx);
	if (!pd)
		return setup_fail("ibv_alloc_pd", errno);
	static char buf[4096];
	struct ibv_mr *mr = ibv_reg_mr(pd, buf, sizeof(buf), IBV_ACCESS_LOCAL_WRITE);
	if (!mr)
		return setup_fail("ibv_reg_mr", errno);
	struct ibv_cq *cq = ibv_create_cq(ctx, 16, NULL, NULL, 0);
	if (!cq)
		return setup_fail("ibv_create_cq", errno);
	struct ibv_srq *srq = NULL;
	if (use_srq) {
		struct ibv_srq_init_attr sa;
		memset(&sa, 0, sizeof(sa));
		sa.attr.max_wr = 8;
		sa.attr.max_sge = 2;
		srq = ibv_create_srq(pd, &sa);
		if (!srq)
			return setup_fail("ibv_create_srq", errno);
	}
	struct ibv_qp_init_attr qa;
	memset(&qa, 0, sizeof(qa));
	qa.send_cq = cq;
	qa.recv_cq = cq;
	qa.qp_type = IBV_QPT_RC;
	qa.cap.max_send_wr = 8;
	qa.cap.max_recv_wr = 8;
	qa.cap.max_send_sge = 2;
	qa.cap.max_recv_sge = 2;
	struct ibv_qp *qp = use_srq ? NULL : ibv_create_qp(pd, &qa);
	if (!use_srq && !qp)
		return setup_fail("ibv_create_qp(RC)", errno);
	if (qp) { /* to INIT, where a receive may be posted */
		struct ibv_qp_attr a;
		memset(&a, 0, sizeof(a));
		a.qp_state = IBV_QPS_INIT;
		a.port_num = 1;
		a.qp_access_flags = IBV_ACCESS_LOCAL_WRITE;
		int err = ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS);
		if (err)
			return setup_fail("ibv_modify_qp(RESET->INIT)", err < 0 ? -err : err);
	}
	printf("%s: %s, max_recv_sge 2\n", dev, use_srq ? "an SRQ" : "an RC QP in INIT");
	fflush(stdout);

	pid_t child = fork();
	if (child < 0)
		return setup_fail("fork", errno);
	if (child == 0)
		_exit(post(qp, srq, buf, mr->lkey, num_sge));
	int status = 0;
	if (waitpid(child, &status, 0) < 0)
		return setup_fail("waitpid", errno);
	if (WIFSIGNALED(status)) {
		printf("DEVIATION: the post of num_sge %d killed the process with signal %d (%s)\n", num_sge,
		       WTERMSIG(status), strsignal(WTERMSIG(status)));
		return 1;
	}
	int taken = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	int within = num_sge >= 0 && num_sge <= 2; /* the max_recv_sge asked; siw and rxe report it so */
	if (taken != within) {
		printf("DEVIATION: the post of num_sge %d %s, and max_recv_sge is 2\n", num_sge,
		       taken ? "returned 0: the WR was taken" : "failed");
		return 1;
	}
	printf("ok: the post of num_sge %d %s\n", num_sge, taken ? "was taken" : "failed");
	if (qp)
		ibv_destroy_qp(qp);
	if (srq)
		ibv_destroy_srq(srq);
	ibv_destroy_cq(cq);
	ibv_dereg_mr(mr);
	ibv_dealloc_pd(pd);
	ibv_close_device(ctx);
	return 0;
}
